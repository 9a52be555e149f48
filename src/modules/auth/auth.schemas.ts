// Request and response shapes of the authentication routes (spec: Authentication endpoints;
// contract §3 for what the spec leaves open).
import { Type, type Static } from 'typebox';
import { Envelope } from '../../platform/envelope.ts';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../platform/passwords.ts';
import { OneLine } from '../../platform/one-line.ts';

export const LoginType = Type.Union([Type.Literal('client'), Type.Literal('admin'), Type.Literal('support')]);
const Email = Type.String({ format: 'email', maxLength: 254 });
const Password = Type.String({ minLength: PASSWORD_MIN, maxLength: PASSWORD_MAX });
const Code = Type.String({ pattern: '^[0-9]{6}$', description: 'the 6-digit code sent by e-mail' });
const Name = OneLine({ minLength: 1, maxLength: 100 });

export const LoginBody = Type.Object({
  login: Type.String({ minLength: 1, maxLength: 254, description: 'e-mail or username' }),
  password: Type.String({ minLength: 1, maxLength: PASSWORD_MAX }),
  type: Type.Optional(LoginType),
});
export type LoginBody = Static<typeof LoginBody>;

export const SessionData = Type.Object({
  token: Type.String(),
  role: Type.String(),
  user: Type.Ref('FlatProfile'),
});
export const LoginResponse = Envelope(SessionData);

export const RefreshResponse = Envelope(Type.Object({ newToken: Type.String(), role: Type.String() }));

export const RegisterBody = Type.Object({
  username: Type.String({
    pattern: '^[A-Za-z0-9_.-]{3,30}$',
    description: '3–30 letters, digits, dot, dash or underscore',
  }),
  first_name: Name,
  last_name: Name,
  email: Email,
  phone: Type.Optional(Type.String({ pattern: '^\\+?[0-9 ().-]{6,20}$' })),
  password: Password,
  password_confirmation: Type.String({ maxLength: PASSWORD_MAX }),
});
export type RegisterBody = Static<typeof RegisterBody>;

export const RegisterOwnerBody = Type.Object({
  ...RegisterBody.properties,
  user_type: Type.Union([Type.Literal('individual'), Type.Literal('company')]),
  company_name: Type.Optional(OneLine({ maxLength: 200 })),
});
export type RegisterOwnerBody = Static<typeof RegisterOwnerBody>;

export const UserResponse = Envelope(Type.Object({ user: Type.Ref('FlatProfile') }));

export const VerifyEmailBody = Type.Object({ email: Email, code: Code });
export const EmailBody = Type.Object({ email: Email });

export const CheckAccountQuery = Type.Object({ login: Type.String({ minLength: 1, maxLength: 254 }) });
export const CheckAccountResponse = Envelope(
  Type.Object({ exists: Type.Boolean(), is_active: Type.Boolean(), has_password: Type.Boolean() }),
);

export const SetInitialPasswordBody = Type.Object({
  token: Type.String({ minLength: 10, maxLength: 200 }),
  password: Password,
  password_confirmation: Type.String({ maxLength: PASSWORD_MAX }),
});

export const ResetVerifyResponse = Envelope(Type.Object({ reset_token: Type.String() }));
export const ResetBody = Type.Object({
  reset_token: Type.String({ minLength: 10, maxLength: 200 }),
  password: Password,
  password_confirmation: Type.String({ maxLength: PASSWORD_MAX }),
});

export const GoogleBody = Type.Object({
  id_token: Type.String({ minLength: 10, maxLength: 8192 }),
  type: Type.Optional(LoginType),
});
export const FacebookBody = Type.Object({
  access_token: Type.String({ minLength: 10, maxLength: 4096 }),
  type: Type.Optional(LoginType),
});

export const SessionStateResponse = Envelope(
  Type.Object({
    authenticated: Type.Boolean(),
    user_id: Type.Union([Type.Integer(), Type.Null()]),
    role: Type.Union([Type.String(), Type.Null()]),
    login_type: Type.Union([Type.String(), Type.Null()]),
  }),
);
