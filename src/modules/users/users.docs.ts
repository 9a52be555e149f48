// Operation descriptions of the users routes that say more than a line (the OpenAPI document
// shows them; the routes stay short).
import { MULTIPART_RULES } from '../../platform/uploads.ts';

export const UPDATE_PROFILE_RULES =
  'Only the fields sent change; unknown fields are ignored, role is refused (403). user_id and is_active are for admin/support ' +
  '(403 for others, and nothing changes); support may change travellers and owners only, admin anyone; unknown or deleted user_id → 404. ' +
  'user_type, company_name, id_type, id_number and id_expiry_date are locked for the applicant while their owner request is pending or ' +
  'approved (409 when a value would change; sending the same value is fine); admin/support may still correct them. ' +
  "Credentials (contract §3b): changing email, phone or password needs the caller's own current_password; a caller whose account has " +
  'no password (social sign-in only, staff before their first password) needs a login within the last 10 minutes instead. Missing or ' +
  "wrong → 403 FORBIDDEN with errors.current_password, and nothing changes; wrong passwords count with the account's failed logins " +
  "(429 past 10 in 15 minutes). The proof is always the caller's: admin and support changing another account's e-mail or phone prove " +
  "their own credential; nobody changes another account's password (403). current_password, when sent by an account that has a " +
  'password, is checked even with no credential in the change. ' +
  'A new e-mail must be unique (409; an address another account may still take back with its undo link counts as taken), loses its ' +
  'verification and gets a new code by e-mail. The old address is mailed a notice with a link that undoes the change for 7 days ' +
  '(POST /user/undo-email-change). A new password or a new address ends every other session of the account at once, keeping the ' +
  "caller's (when staff change another account's address, every session of that account ends). " +
  'The avatar (see its field: re-encoded, metadata dropped, 422 over the pixel limit) is stored under a generated name once every ' +
  'check has passed; the profile avatar becomes /api/user/avatars/<name> and the file it replaces is deleted after the change. ' +
  'Every change by admin/support to another account is written to the audit trail (changed members only, never password hashes). ' +
  MULTIPART_RULES;

export const UNDO_EMAIL_CHANGE_RULES =
  'For a client app with its own page behind CLIENT_UNDO_EMAIL_CHANGE_PATH; by default the link opens /undo-email-change, a ' +
  'page this service serves that runs the same use case. The token is single-use and lives 7 days; invalid, expired or used → 422 ' +
  'INVALID_TOKEN naming token. Undoing gives the account its old address back, verified as it was, retires the pending undos of ' +
  'later changes, ends every session, and removes the password and the Google and Facebook links (whoever made the change knew ' +
  'the password and may have linked a provider account of theirs): the person sets a new password with password reset to the ' +
  'restored address, or signs in with their own provider account again. 409 EMAIL_TAKEN if the old address belongs to another ' +
  'account by then (the link stays usable).';

/** Operation descriptions that say more than a line, by operationId (the routes stay short). */
export const DESCRIPTIONS = {
  createUser:
    'Any role may be given. The account has no password and an unverified e-mail; a single-use link token (7 days) for ' +
    'POST /auth/set-initial-password is e-mailed. Duplicate e-mail or username → 409. Audited as user.create.',
  changeUserRole:
    "Takes effect on the account's next request (sessions read the role live). Demoting the last active admin → 409. " +
    'Setting the role it already has changes nothing. Audited as user.role. The path (contract §3) has the shape of ' +
    '/user/avatars/{name} and /user/accept-owner-request/{id}: literal segments match first, so each URL reaches one operation.',
  getUserStats:
    'Self, admin and support (404 for anyone else). Only figures that exist today: role, member_since, last_login, ' +
    'active_sessions, owner_request_status, support_agent_id. Reservation counts, spending, and for owners properties, earnings and ' +
    'occupancy are added as members by those features; clients must ignore members they do not know.',
  getAvatar:
    'The re-encoded image (no metadata), served inline with the type checked at upload, nosniff, a sandboxing CSP and ' +
    'Cross-Origin-Resource-Policy cross-origin (front ends embed it). Any name the service did not generate is 404. ' +
    'Its path has the shape of /user/{id}/role and the other /user/{id}/… routes; literal segments match first, so ' +
    '/user/avatars/<name> is always this operation (the avatar URLs already stored keep this path).',
  searchUsers:
    'Any signed-in user. Active, non-deleted accounts; public members only (id, username, first_name, last_name, avatar, role). ' +
    'q needs at least 2 characters (422) and is not matched against e-mail addresses, which are not public. Sorted by username.',
  deleteAccount:
    'Anonymises the personal data (username deleted_<id>, e-mail deleted+<id>@invalid.invalid, names emptied, contact, KYC and ' +
    'address members, password and social links removed) and the personal data of owner applications, keeping the rows that financial and ' +
    'reservation records reference; ends every session and clears the session cookies; deletes the avatar and KYC files. ' +
    'The last active admin cannot delete their account (409).',
  assignSupportAgent:
    'Keeps the current agent while it is an active support account; otherwise assigns the active support agent with the fewest ' +
    'assigned users (ties: lowest id; never the caller). One assignment per user, also under concurrent calls. No active agent → 409.',
};
