/** Operation descriptions that say more than a line, by operationId (the routes stay short). */
export const DESCRIPTIONS = {
  getOwnerRequestFile:
    'field: id_reco_path, id_verso_path or company_document. Anyone other than the applicant, support and admin gets 404, as for an unknown ' +
    'application or field. Served with the type checked at upload, Content-Disposition attachment, nosniff, a sandboxing CSP and Cache-Control private, no-store.',
};
