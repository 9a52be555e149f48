// Thin handlers: validated input → one use case → envelope.
import type { FastifyReply, FastifyRequest, FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Deps } from '../../kernel/deps.ts';
import { MessageOnly, errorResponses, ok } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import { SESSION_COOKIES, TOKEN_COOKIE, currentUser } from '../../platform/auth.ts';
import * as S from './auth.schemas.ts';
import { login } from './login.ts';
import { refreshToken } from './refresh-token.ts';
import { logout } from './logout.ts';
import { registerAccount } from './register-account.ts';
import { resendVerification, verifyEmail } from './verify-email.ts';
import { checkAccount } from './check-account.ts';
import { setInitialPassword } from './set-initial-password.ts';
import { requestPasswordReset, resetPassword, verifyPasswordReset } from './password-reset.ts';
import { socialLogin } from './social-login.ts';
import { negotiateLocale } from '../emails/index.ts';
import { DESCRIPTIONS } from './auth.docs.ts';

const tags = ['auth'];
const WINDOW = '15 minutes';
const byIpAndEmail = (req: FastifyRequest) =>
  `${req.ip}|${String((req.body as { email?: string } | undefined)?.email ?? '').toLowerCase()}`;

export async function authRoutes(app: FastifyInstance, { deps }: { deps: Deps }) {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();
  const secure = deps.config.PUBLIC_BASE_URL.startsWith('https:');
  const meta = (req: FastifyRequest) => ({
    ip: req.ip,
    userAgent: req.headers['user-agent'],
    locale: negotiateLocale(req.headers['accept-language']),
  });

  function setSessionCookies(reply: FastifyReply, type: string, token: string) {
    const opts = { path: '/', sameSite: 'lax' as const, secure, maxAge: deps.config.sessionTtlSeconds };
    reply.setCookie(TOKEN_COOKIE[type]!, token, { ...opts, httpOnly: true });
    reply.setCookie('current_token_type', type, opts);
  }

  routes.post(
    '/auth/login',
    {
      schema: {
        operationId: 'login',
        tags,
        summary: 'Log in with e-mail or username and password',
        description: DESCRIPTIONS.login,
        body: S.LoginBody,
        response: { 200: S.LoginResponse, ...errorResponses(401, 403) },
      },
    },
    async (req, reply) => {
      const session = await login(deps, req.body, meta(req));
      setSessionCookies(reply, session.loginType, session.token);
      return ok({ token: session.token, role: session.role, user: session.user }, 'Logged in');
    },
  );

  routes.post(
    '/auth/refresh',
    {
      schema: {
        operationId: 'refreshToken',
        tags,
        summary: 'Exchange the current token for a new one (no body)',
        description:
          'Authenticates only with Authorization: Bearer. Each token can be refreshed once; a second refresh is 401, and one more than 60 s after the first ends the session.',
        security: [{ bearer: [] }],
        response: { 200: S.RefreshResponse, ...errorResponses(401) },
      },
    },
    async (req, reply) => {
      const bearer = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
      if (!bearer) throw new AppError('UNAUTHENTICATED', 'Send the current token as Authorization: Bearer <token>');
      const out = await refreshToken(deps, bearer[1]!);
      reply.header('cache-control', 'no-store');
      if (req.cookies.current_token_type === out.loginType && TOKEN_COOKIE[out.loginType])
        setSessionCookies(reply, out.loginType, out.newToken);
      return ok({ newToken: out.newToken, role: out.role }, 'Token refreshed');
    },
  );

  routes.get(
    '/auth/session',
    {
      config: { auth: 'optional' },
      schema: {
        operationId: 'getSession',
        tags,
        summary: 'Who the current token belongs to (no error without one)',
        description:
          'Not in the interface spec: lets a client check its token without side effects. Answers authenticated=false without a token; 401 for an invalid, expired or revoked one.',
        response: { 200: S.SessionStateResponse, ...errorResponses(401) },
      },
    },
    async (req) => {
      const user = req.user;
      return ok(
        user
          ? { authenticated: true, user_id: user.id, role: user.role, login_type: user.loginType }
          : { authenticated: false, user_id: null, role: null, login_type: null },
      );
    },
  );

  routes.post(
    '/user/logout',
    {
      config: { auth: 'required' },
      schema: {
        operationId: 'logout',
        tags,
        summary: 'End the current session and clear the session cookies',
        security: [{ bearer: [] }],
        response: { 200: MessageOnly, ...errorResponses(401, 403) },
      },
    },
    async (req, reply) => {
      await logout(deps, currentUser(req));
      for (const name of SESSION_COOKIES) reply.clearCookie(name, { path: '/' });
      return ok(null, 'Logged out');
    },
  );

  const registerLimit = { rateLimit: { max: 20, timeWindow: '1 hour' } };
  routes.post(
    '/auth/register',
    {
      config: registerLimit,
      schema: {
        operationId: 'registerTraveller',
        tags,
        summary: 'Register a traveller account; a 6-digit code is e-mailed',
        body: S.RegisterBody,
        response: { 201: S.UserResponse, ...errorResponses(409) },
      },
    },
    async (req, reply) => {
      reply.code(201);
      return ok(
        await registerAccount(deps, { ...req.body, locale: negotiateLocale(req.headers['accept-language']) }),
        'Account created; check your e-mail for the verification code',
      );
    },
  );

  routes.post(
    '/auth/register-owner',
    {
      config: registerLimit,
      schema: {
        operationId: 'registerOwner',
        tags,
        summary: 'Register an owner account (owner role granted when support approves the KYC application)',
        body: S.RegisterOwnerBody,
        response: { 201: S.UserResponse, ...errorResponses(409) },
      },
    },
    async (req, reply) => {
      const { user_type, company_name, ...rest } = req.body;
      reply.code(201);
      return ok(
        await registerAccount(deps, {
          ...rest,
          owner: { user_type, company_name },
          locale: negotiateLocale(req.headers['accept-language']),
        }),
        'Account created; check your e-mail, then submit your owner application',
      );
    },
  );

  routes.post(
    '/auth/verify-email',
    {
      config: { rateLimit: { max: 30, timeWindow: WINDOW } },
      schema: {
        operationId: 'verifyEmail',
        tags,
        summary: 'Verify the e-mail address with the 6-digit code (5 attempts, single use)',
        body: S.VerifyEmailBody,
        response: { 200: S.UserResponse, ...errorResponses(409) },
      },
    },
    async (req) => ok(await verifyEmail(deps, req.body.email, req.body.code), 'E-mail verified'),
  );

  routes.post(
    '/auth/resend-verification',
    {
      config: { rateLimit: { max: 5, timeWindow: WINDOW, keyGenerator: byIpAndEmail, hook: 'preHandler' as const } },
      schema: {
        operationId: 'resendVerificationCode',
        tags,
        summary: 'Send a new verification code (same answer whether or not the address exists)',
        body: S.EmailBody,
        response: { 200: MessageOnly, ...errorResponses() },
      },
    },
    async (req) => {
      await resendVerification(deps, req.body.email);
      return ok(null, 'If that address has an unverified account, a new code is on its way');
    },
  );

  routes.get(
    '/auth/check-account',
    {
      config: { rateLimit: { max: 30, timeWindow: WINDOW } },
      schema: {
        operationId: 'checkAccount',
        tags,
        summary: 'Whether an account exists for an e-mail or username',
        querystring: S.CheckAccountQuery,
        response: { 200: S.CheckAccountResponse, ...errorResponses() },
      },
    },
    async (req) => ok(await checkAccount(deps, req.query.login)),
  );

  routes.post(
    '/auth/set-initial-password',
    {
      config: { rateLimit: { max: 20, timeWindow: WINDOW } },
      schema: {
        operationId: 'setInitialPassword',
        tags,
        summary: 'Set the first password of an account created by an admin (single-use token from the e-mail); logs in',
        body: S.SetInitialPasswordBody,
        response: { 200: S.LoginResponse, ...errorResponses(403, 409) },
      },
    },
    async (req, reply) => {
      const session = await setInitialPassword(deps, req.body, meta(req));
      setSessionCookies(reply, session.loginType, session.token);
      return ok({ token: session.token, role: session.role, user: session.user }, 'Password set');
    },
  );

  routes.post(
    '/password_reset/request',
    {
      config: { rateLimit: { max: 5, timeWindow: WINDOW, keyGenerator: byIpAndEmail, hook: 'preHandler' as const } },
      schema: {
        operationId: 'requestPasswordReset',
        tags,
        summary: 'E-mail a 6-digit reset code (same answer whether or not the address exists)',
        body: S.EmailBody,
        response: { 200: MessageOnly, ...errorResponses() },
      },
    },
    async (req) => {
      await requestPasswordReset(deps, req.body.email);
      return ok(null, 'If that address has an account, a code is on its way');
    },
  );

  routes.post(
    '/password_reset/verify',
    {
      config: { rateLimit: { max: 30, timeWindow: WINDOW } },
      schema: {
        operationId: 'verifyPasswordResetCode',
        tags,
        summary: 'Trade the code (15 min, 5 attempts, single use) for a reset token',
        body: S.VerifyEmailBody,
        response: { 200: S.ResetVerifyResponse, ...errorResponses() },
      },
    },
    async (req) => ok(await verifyPasswordReset(deps, req.body.email, req.body.code), 'Code accepted'),
  );

  routes.post(
    '/password_reset/reset',
    {
      config: { rateLimit: { max: 30, timeWindow: WINDOW } },
      schema: {
        operationId: 'resetPassword',
        tags,
        summary: 'Set a new password with the reset token; ends every session of the account',
        body: S.ResetBody,
        response: { 200: MessageOnly, ...errorResponses() },
      },
    },
    async (req) => {
      await resetPassword(deps, req.body);
      return ok(null, 'Password changed; log in with the new password');
    },
  );

  const socialLimit = { rateLimit: { max: 30, timeWindow: WINDOW } };
  routes.post(
    '/auth/google',
    {
      config: socialLimit,
      schema: {
        operationId: 'loginWithGoogle',
        tags,
        summary: 'Sign in with a Google ID token',
        description: DESCRIPTIONS.loginWithGoogle,
        body: S.GoogleBody,
        response: { 200: S.LoginResponse, ...errorResponses(401, 403, 404, 409, 503) },
      },
    },
    async (req, reply) => {
      const session = await socialLogin(deps, 'google', req.body.id_token, req.body.type, meta(req));
      setSessionCookies(reply, session.loginType, session.token);
      return ok({ token: session.token, role: session.role, user: session.user }, 'Logged in with Google');
    },
  );

  routes.post(
    '/auth/facebook',
    {
      config: socialLimit,
      schema: {
        operationId: 'loginWithFacebook',
        tags,
        summary: 'Sign in with a Facebook access token',
        description: DESCRIPTIONS.loginWithFacebook,
        body: S.FacebookBody,
        response: { 200: S.LoginResponse, ...errorResponses(401, 403, 404, 409, 503) },
      },
    },
    async (req, reply) => {
      const session = await socialLogin(deps, 'facebook', req.body.access_token, req.body.type, meta(req));
      setSessionCookies(reply, session.loginType, session.token);
      return ok({ token: session.token, role: session.role, user: session.user }, 'Logged in with Facebook');
    },
  );
}
