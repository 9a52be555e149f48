// The default targets of the links e-mails carry for an account (CLIENT_APP_URL unset): two small
// HTML pages outside /api, served so that a staff invitation or a reset code can be acted on
// with nothing but this service and a browser. Plain forms, no script (platform/html-page.ts);
// the POSTs run the same use cases as POST /api/auth/set-initial-password and the three
// /api/password_reset steps. A client app with its own pages sets CLIENT_APP_URL and the paths.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Deps } from '../../kernel/deps.ts';
import { AppError } from '../../platform/errors.ts';
import { errorResponses } from '../../platform/envelope.ts';
import {
  acceptFormBodies,
  esc,
  formProblemResponse,
  htmlPage,
  sendPage,
  htmlResponse,
} from '../../platform/html-page.ts';
import { clientHome } from '../../platform/client-links.ts';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../platform/passwords.ts';
import { OneLine } from '../../platform/one-line.ts';
import { setInitialPassword } from './set-initial-password.ts';
import { resetPassword, verifyPasswordReset } from './password-reset.ts';

const tags = ['auth'];
const consumes = ['application/x-www-form-urlencoded'];
const limit = { rateLimit: { max: 20, timeWindow: '15 minutes' } };
const Field = (max: number) => Type.Optional(Type.String({ maxLength: max }));

const SetPasswordForm = Type.Object({
  token: Field(200),
  password: Field(PASSWORD_MAX),
  password_confirmation: Field(PASSWORD_MAX),
});
const ResetForm = Type.Object({
  email: Field(254),
  code: Type.Optional(OneLine({ maxLength: 20 })),
  password: Field(PASSWORD_MAX),
  password_confirmation: Field(PASSWORD_MAX),
});

const input = (id: string, label: string, type: string, value = '', extra = '') =>
  `<label for="${id}">${esc(label)}</label><input id="${id}" name="${id}" type="${type}" value="${esc(value)}" ${extra}>`;
const passwordInputs = () =>
  input(
    'password',
    `New password (at least ${PASSWORD_MIN} characters)`,
    'password',
    '',
    `minlength="${PASSWORD_MIN}" maxlength="${PASSWORD_MAX}" autocomplete="new-password" required`,
  ) +
  input(
    'password_confirmation',
    'Repeat the new password',
    'password',
    '',
    `maxlength="${PASSWORD_MAX}" autocomplete="new-password" required`,
  );
const problem = (message: string | null) => (message ? `<p class="error" role="alert">${esc(message)}</p>` : '');

function setPasswordForm(token: string, error: string | null = null): string {
  return htmlPage(
    'Choose your password',
    `<h1>Choose your password</h1>${problem(error)}
<form method="post" action="set-password"><input type="hidden" name="token" value="${esc(token)}">${passwordInputs()}
<button class="pay" type="submit">Save my password</button></form>`,
  );
}

function resetForm(email: string, error: string | null = null): string {
  return htmlPage(
    'Reset your password',
    `<h1>Reset your password</h1>${problem(error)}
<p>Enter the 6-digit code we e-mailed you and choose a new password.</p>
<form method="post" action="reset-password">${input('email', 'E-mail', 'email', email, 'maxlength="254" autocomplete="email" required')}
${input('code', 'Code', 'text', '', 'inputmode="numeric" maxlength="20" autocomplete="one-time-code" required')}${passwordInputs()}
<button class="pay" type="submit">Save my new password</button></form>`,
  );
}

const done = (deps: Deps, title: string, text: string) =>
  htmlPage(
    title,
    `<h1>${esc(title)}</h1><p>${esc(text)}</p><p><a class="button" href="${esc(clientHome(deps.config))}">Continue</a></p>`,
  );

/** A password the API would refuse, in the API's words; null when it is acceptable. */
function passwordProblem(password: string, confirmation: string): string | null {
  if (password.length < PASSWORD_MIN) return `The password must have at least ${PASSWORD_MIN} characters.`;
  if (password !== confirmation) return 'The two passwords differ.';
  return null;
}

/** A refusal the person can fix on the page (a wrong code, a used link); anything else is the service's error. */
const userError = (err: unknown) => (err instanceof AppError && err.statusCode < 500 ? err.message : null);

export async function accountPages(app: FastifyInstance, { deps }: { deps: Deps }) {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();
  acceptFormBodies(app);

  routes.get(
    '/set-password',
    {
      schema: {
        operationId: 'getSetPasswordPage',
        tags,
        summary: 'Page to choose the first password (the default link of the staff invitation e-mail)',
        description:
          'A form posting to POST /set-password with the token of the link. CLIENT_SET_PASSWORD_PATH points the e-mail elsewhere.',
        querystring: Type.Object({ token: Type.Optional(Type.String({ maxLength: 200 })) }),
        response: { 200: htmlResponse('The form'), ...errorResponses() },
      },
    },
    async (req, reply) =>
      sendPage(
        reply,
        200,
        setPasswordForm(
          req.query.token ?? '',
          req.query.token ? null : 'This link has no token: open the link of the e-mail again.',
        ),
      ),
  );

  routes.post(
    '/set-password',
    {
      config: limit,
      bodyLimit: 8192,
      schema: {
        operationId: 'submitSetPasswordForm',
        tags,
        summary: 'Set the first password from the page',
        consumes,
        body: SetPasswordForm,
        description:
          'Runs the use case of POST /api/auth/set-initial-password. 200 done page; 422 the form again with what to fix.',
        response: {
          200: htmlResponse('Password set'),
          ...errorResponses(),
          422: formProblemResponse,
        },
      },
    },
    async (req, reply) => {
      const { token = '', password = '', password_confirmation = '' } = req.body;
      const wrong = passwordProblem(password, password_confirmation);
      if (wrong) return sendPage(reply, 422, setPasswordForm(token, wrong));
      try {
        await setInitialPassword(
          deps,
          { token, password, password_confirmation },
          { ip: req.ip, userAgent: req.headers['user-agent'] },
        );
      } catch (err) {
        const message = userError(err);
        if (message === null) throw err;
        return sendPage(reply, 422, setPasswordForm(token, message));
      }
      return sendPage(
        reply,
        200,
        done(deps, 'Your password is set', 'You can now sign in with your e-mail address and this password.'),
      );
    },
  );

  routes.get(
    '/reset-password',
    {
      schema: {
        operationId: 'getResetPasswordPage',
        tags,
        summary: 'Page to reset a password with the e-mailed code (the default link of the reset e-mail)',
        description: 'A form posting to POST /reset-password. CLIENT_PASSWORD_RESET_PATH points the e-mail elsewhere.',
        querystring: Type.Object({ email: Type.Optional(Type.String({ maxLength: 254 })) }),
        response: { 200: htmlResponse('The form'), ...errorResponses() },
      },
    },
    async (req, reply) => sendPage(reply, 200, resetForm(req.query.email ?? '')),
  );

  routes.post(
    '/reset-password',
    {
      config: limit,
      bodyLimit: 8192,
      schema: {
        operationId: 'submitResetPasswordForm',
        tags,
        summary: 'Reset the password from the page',
        consumes,
        body: ResetForm,
        description:
          'Runs POST /api/password_reset/verify then /reset: the code is used once; every session of the account ends. 200 done page; 422 the form again.',
        response: {
          200: htmlResponse('Password changed'),
          ...errorResponses(),
          422: formProblemResponse,
        },
      },
    },
    async (req, reply) => {
      const { email = '', code = '', password = '', password_confirmation = '' } = req.body;
      const wrong =
        !email.trim() || !/^\d{6}$/.test(code.trim())
          ? 'Enter your e-mail address and the 6-digit code.'
          : passwordProblem(password, password_confirmation);
      if (wrong) return sendPage(reply, 422, resetForm(email, wrong));
      try {
        const { reset_token } = await verifyPasswordReset(deps, email.trim(), code.trim());
        await resetPassword(deps, { reset_token, password, password_confirmation });
      } catch (err) {
        const message = userError(err);
        if (message === null) throw err;
        return sendPage(reply, 422, resetForm(email, message));
      }
      return sendPage(
        reply,
        200,
        done(
          deps,
          'Your password is changed',
          'Sign in with your new password. Every device signed in before has been signed out.',
        ),
      );
    },
  );
}
