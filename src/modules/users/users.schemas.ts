// Request and response shapes of the user routes (spec: "User profile", "User endpoints";
// contract §4 for what the spec leaves open).
import { Type, type Static } from 'typebox';
import { Envelope, Paginated } from '../../platform/envelope.ts';
import { PageQuery } from '../../platform/pagination.ts';
import { PIXEL_LIMIT_RULE, REENCODED } from '../../platform/images.ts';
import { AVATAR_MAX_EDGE } from './avatars.ts';
import { CalendarDay } from '../../platform/calendar-day.ts';
import { FileField } from '../../platform/uploads.ts';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../platform/passwords.ts';
import { SUPPORTED_DAYS } from '../../kernel/calendar-dates.ts';
import { OneLine } from '../../platform/one-line.ts';

const Id = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
const Text = (maxLength: number) => Type.Optional(Type.String({ maxLength }));
const Line = (maxLength: number) => Type.Optional(OneLine({ maxLength }));
const Name = OneLine({ minLength: 1, maxLength: 100, notBlank: true });
const Username = Type.String({
  pattern: '^[A-Za-z0-9_.-]{3,30}$',
  description: '3–30 letters, digits, dot, dash or underscore',
});
const Email = Type.String({ format: 'email', maxLength: 254 });
const Phone = Type.String({ pattern: '^(\\+?[0-9 ().-]{6,20})?$', description: 'empty clears it' });
const OwnPhone = Type.String({
  pattern: '^(\\+?[0-9 ().-]{6,20})?$',
  description: 'needs current_password; empty clears it',
});
export const RoleSchema = Type.Union([
  Type.Literal('admin'),
  Type.Literal('support'),
  Type.Literal('owner'),
  Type.Literal('client'),
]);
const Flag = Type.String({ pattern: '^(0|1|true|false)$', description: '"1"/"0" (form data) or true/false' });

export const Profile = Type.Ref('FlatProfile');
export const ProfileResponse = Envelope(Profile);

export const UpdateUserBody = Type.Object(
  {
    user_id: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: Number.MAX_SAFE_INTEGER,
        description: 'admin/support only: the account to change (others: 403 unless it is their own id)',
      }),
    ),
    is_active: Type.Optional(
      Type.String({
        pattern: '^(0|1|true|false)$',
        description:
          'admin/support only (others: 403); "1"/"0" or true/false. Deactivating ends every session of the account at once; nobody may deactivate themselves (409)',
      }),
    ),
    role: Type.Optional(Type.Unknown({ description: 'never settable here: 403; admins use PUT /user/{id}/role' })),
    username: Type.Optional(Username),
    first_name: Type.Optional(Name),
    last_name: Type.Optional(Name),
    job: Line(100),
    location: Line(200),
    time_zone: Type.Optional(
      OneLine({ maxLength: 64, description: 'IANA time zone name, e.g. Europe/Paris; empty clears it' }),
    ),
    locale: Type.Optional(
      Type.Union([Type.Literal('en'), Type.Literal('fr')], {
        description:
          'Language of the e-mails the account receives: en or fr (set at registration from Accept-Language; default en)',
      }),
    ),
    email: Type.Optional(
      Type.String({
        format: 'email',
        maxLength: 254,
        description:
          'needs current_password; unique (409 EMAIL_TAKEN); a new address is unverified until the code mailed to it is entered, and the old one is told, with a link that undoes the change for 7 days',
      }),
    ),
    phone: Type.Optional(OwnPhone),
    password: Type.Optional(
      Type.String({
        minLength: PASSWORD_MIN,
        maxLength: PASSWORD_MAX,
        description:
          "own account only (403 otherwise). Needs current_password (an account without one: a login within the last 10 minutes), else 403 naming current_password; ends the account's other sessions",
      }),
    ),
    password_confirmation: Type.Optional(
      Type.String({ maxLength: PASSWORD_MAX, description: 'required with password; must match (422)' }),
    ),
    current_password: Type.Optional(
      Type.String({
        maxLength: PASSWORD_MAX,
        description:
          "the caller's own password: required to change email, phone or password (403 naming it when missing or wrong); checked whenever sent by an account that has one",
      }),
    ),
    avatar: Type.Optional(
      FileField(
        `JPEG, PNG or GIF judged by content (415 otherwise), at most 2 MB (413); ${REENCODED}; scaled to fit ${AVATAR_MAX_EDGE} px; ` +
          `${PIXEL_LIMIT_RULE}. Served publicly at the returned profile avatar URL`,
      ),
    ),
    user_type: Type.Optional(Type.Union([Type.Literal('individual'), Type.Literal('company')])),
    company_name: Line(200),
    country_region: Line(100),
    id_type: Type.Optional(
      Type.Union([Type.Literal('identity_card'), Type.Literal('passport'), Type.Literal('driver_licence')]),
    ),
    id_number: Line(50),
    id_expiry_date: Type.Optional(
      Type.Union([CalendarDay('YYYY-MM-DD'), Type.Literal('')], {
        description: `YYYY-MM-DD, ${SUPPORTED_DAYS}; empty clears it`,
      }),
    ),
    place_type: Line(100),
    place_details: Text(1000),
    address: Line(255),
    city: Line(100),
    state: Line(100),
    postal_code: Line(20),
    country: Line(100),
    latitude: Type.Optional(Type.Number({ minimum: -90, maximum: 90 })),
    longitude: Type.Optional(Type.Number({ minimum: -180, maximum: 180 })),
  },
  {
    description:
      'multipart/form-data (or JSON). Every field optional; only the fields sent change. Fields not listed here are ignored ' +
      '(the change set is built from these names only), except role, which is refused with 403.',
  },
);
export type UpdateUserBody = Static<typeof UpdateUserBody>;

export const CreateUserBody = Type.Object({
  username: Username,
  first_name: Name,
  last_name: Name,
  email: Email,
  phone: Type.Optional(Phone),
  role: RoleSchema,
});
export type CreateUserBody = Static<typeof CreateUserBody>;

export const UndoEmailChangeBody = Type.Object({
  token: Type.String({
    minLength: 1,
    maxLength: 200,
    pattern: '^[A-Za-z0-9_-]+$',
    description: 'the token of the link mailed to the old address',
  }),
});
export const UndoEmailChangeResponse = Envelope(
  Type.Object({ email: Type.String({ description: 'the address the account has again' }) }),
);

export const RoleBody = Type.Object({ role: RoleSchema });
export const IdParams = Type.Object({ id: Id });
export const UserIdParams = Type.Object({ userId: Id });
export const AvatarParams = Type.Object({ name: Type.String({ maxLength: 100 }) });

export const ListQuery = Type.Object({
  ...PageQuery.properties,
  q: Type.Optional(
    Type.String({ maxLength: 100, description: 'part of the username, e-mail, first or last name (case-insensitive)' }),
  ),
  role: Type.Optional(RoleSchema),
  is_active: Type.Optional(Flag),
});
export type ListQuery = Static<typeof ListQuery>;
export const ProfilePage = Paginated(Profile);

export const SearchQuery = Type.Object({
  ...PageQuery.properties,
  q: Type.String({
    minLength: 2,
    maxLength: 100,
    description: 'at least 2 characters; matched against username, first and last name',
  }),
});

const PublicUser = Type.Object(
  {
    id: Type.Integer(),
    username: Type.String(),
    first_name: Type.String(),
    last_name: Type.String(),
    avatar: Type.Union([Type.String(), Type.Null()]),
    role: Type.String(),
  },
  { description: 'The public members of an account; nothing else (no e-mail, phone or KYC data).' },
);
export const SearchPage = Paginated(PublicUser);

export const StatsResponse = Envelope(
  Type.Object(
    {
      user_id: Type.Integer(),
      role: Type.String(),
      member_since: Type.String({ description: 'account creation, ISO 8601 UTC' }),
      last_login: Type.Union([Type.String(), Type.Null()]),
      active_sessions: Type.Integer({ description: 'sessions neither revoked nor expired' }),
      owner_request_status: Type.Union([
        Type.Literal('none'),
        Type.Literal('pending'),
        Type.Literal('approved'),
        Type.Literal('rejected'),
      ]),
      support_agent_id: Type.Union([Type.Integer(), Type.Null()], {
        description: 'the support agent assigned to the user, if any',
      }),
    },
    {
      description:
        'Real figures only. Reservation, spending, property and earnings members are added by the features that own them; clients must ignore members they do not know.',
    },
  ),
);

export const AgentResponse = Envelope(
  Type.Object({
    agent: Type.Object({
      id: Type.Integer(),
      username: Type.String(),
      first_name: Type.String(),
      last_name: Type.String(),
      avatar: Type.Union([Type.String(), Type.Null()]),
    }),
  }),
);

const Binary = Type.String({ format: 'binary' });
// Per media type, so the OpenAPI document shows image types rather than JSON.
export const AvatarFile = {
  description: 'the image, with the type checked at upload, inline',
  content: { 'image/png': { schema: Binary }, 'image/jpeg': { schema: Binary }, 'image/gif': { schema: Binary } },
};
