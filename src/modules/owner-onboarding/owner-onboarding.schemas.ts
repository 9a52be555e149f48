// Request and response shapes of owner onboarding (spec: "Owner application (KYC form)" and the
// POST /user/become-owner field table; contract §4 for what the spec leaves open).
import { Type, type Static, type TSchema } from 'typebox';
import { CalendarDay } from '../../platform/calendar-day.ts';
import { Envelope, Paginated } from '../../platform/envelope.ts';
import { PageQuery } from '../../platform/pagination.ts';
import { FileField } from '../../platform/uploads.ts';
import { OneLine } from '../../platform/one-line.ts';

const Line = (maxLength: number) => OneLine({ minLength: 1, maxLength, notBlank: true });
const OptionalLine = (maxLength: number, description?: string) =>
  Type.Optional(OneLine({ maxLength, ...(description ? { description } : {}) }));
const OptionalText = (maxLength: number) => Type.Optional(Type.String({ maxLength }));
const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
const Id = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });

export const UserType = Type.Union([Type.Literal('individual'), Type.Literal('company')]);
export const IdType = Type.Union([
  Type.Literal('identity_card'),
  Type.Literal('passport'),
  Type.Literal('driver_licence'),
]);
export const RequestStatus = Type.Union([Type.Literal('pending'), Type.Literal('approved'), Type.Literal('rejected')]);

const KYC_FILE = 'JPEG, PNG, WebP or PDF, judged by content; at most 5 MB (413 / 415 name the field)';

export const BecomeOwnerBody = Type.Object({
  user_type: UserType,
  company_name: OptionalLine(
    200,
    'not in the spec form; optional. For a company without it, the company name given at owner registration is kept',
  ),
  country_region: Line(100),
  id_type: IdType,
  id_number: Line(50),
  id_expiry_date: CalendarDay('YYYY-MM-DD; today (UTC) or later (422 otherwise)'),
  id_reco_path: FileField(`front of the ID: ${KYC_FILE}`),
  id_verso_path: FileField(`back of the ID: ${KYC_FILE}`),
  place_type: Line(100),
  place_details: OptionalText(1000),
  address: Line(255),
  city: Line(100),
  state: OptionalLine(100),
  postal_code: Line(20),
  country: Line(100),
  longitude: Type.Number({ minimum: -180, maximum: 180 }),
  latitude: Type.Number({ minimum: -90, maximum: 90 }),
  company_document: Type.Optional(
    FileField(
      `company registration document: ${KYC_FILE}. Optional (known client defect); a company application without it is kept with missing_documents ["company_document"]`,
    ),
  ),
});
export type BecomeOwnerBody = Static<typeof BecomeOwnerBody>;

export const CompanyDocumentBody = Type.Object({
  company_document: FileField(`company registration document: ${KYC_FILE}`),
});
export type CompanyDocumentBody = Static<typeof CompanyDocumentBody>;

export const RejectBody = Type.Object({
  reason: Type.String({ minLength: 1, maxLength: 1000, pattern: '\\S', description: 'shown to the applicant' }),
});

export const UserIdParams = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description: "the applicant's user id" }),
});
export const RequestIdParams = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description: 'the owner request id' }),
});
export const FileParams = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description: 'the owner request id' }),
  field: Type.String({
    maxLength: 50,
    description: 'id_reco_path, id_verso_path or company_document (anything else is 404)',
  }),
});

export const ListQuery = Type.Object({
  ...PageQuery.properties,
  status: Type.Optional(RequestStatus),
});

const DownloadPath = Nullable(
  Type.String({ description: 'authenticated download path (applicant, support, admin), or null when absent' }),
);

export const OwnerRequestView = Type.Object(
  {
    id: Id,
    user_id: Id,
    status: RequestStatus,
    user_type: Type.String(),
    company_name: Nullable(Type.String()),
    country_region: Type.String(),
    id_type: Type.String(),
    id_number: Nullable(Type.String()),
    id_expiry_date: Type.String(),
    place_type: Type.String(),
    place_details: Nullable(Type.String()),
    address: Type.String(),
    city: Type.String(),
    state: Nullable(Type.String()),
    postal_code: Type.String(),
    country: Type.String(),
    latitude: Type.Number(),
    longitude: Type.Number(),
    missing_documents: Type.Array(Type.String(), {
      description: 'documents still to send before approval is possible',
    }),
    documents: Type.Object({ id_reco_path: DownloadPath, id_verso_path: DownloadPath, company_document: DownloadPath }),
    rejection_reason: Nullable(Type.String()),
    reviewed_by: Nullable(Type.Integer()),
    reviewed_at: Nullable(Type.String()),
    created_at: Type.String(),
    updated_at: Type.String(),
    user: Type.Object({
      id: Id,
      username: Type.String(),
      first_name: Type.String(),
      last_name: Type.String(),
      email: Type.String(),
    }),
  },
  {
    $id: 'OwnerRequest',
    description: 'An owner application. File members are download paths; storage keys never leave the server.',
  },
);
export type OwnerRequestView = Static<typeof OwnerRequestView>;

export const OwnerRequestResponse = Envelope(OwnerRequestView);
export const OwnerRequestPage = Paginated(OwnerRequestView);
export const StatusResponse = Envelope(
  Type.Union([Type.Literal('none'), RequestStatus], { description: 'status of the latest application, or none' }),
);
const Binary = { schema: { type: 'string', format: 'binary' } };
/** The file itself, in the type checked at upload (documented per content type, never serialised). */
export const FileResponse = Type.Unsafe<unknown>({
  description: 'the file, with its checked content type, as an attachment',
  content: { 'image/jpeg': Binary, 'image/png': Binary, 'image/webp': Binary, 'application/pdf': Binary },
});
