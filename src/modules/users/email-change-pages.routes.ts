// The default target of the link the old address gets after an e-mail change (CLIENT_APP_URL and
// CLIENT_UNDO_EMAIL_CHANGE_PATH unset): a small HTML page outside /api, so the change can be undone
// with nothing but this service and a browser. Opening the link changes nothing (mail scanners
// open links); the button posts the form, which runs the use case of POST /api/user/undo-email-change.
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
import { clientLink } from '../../platform/client-links.ts';
import { undoEmailChange } from './undo-email-change.ts';

const tags = ['users'];
const Token = Type.Optional(Type.String({ maxLength: 200 }));

function confirmForm(token: string, error: string | null = null): string {
  const problem = error ? `<p class="error" role="alert">${esc(error)}</p>` : '';
  return htmlPage(
    'Undo the change of your e-mail address',
    `<h1>Undo the change of your e-mail address</h1>${problem}
<p>Your account gets this address back. Every device signed in to it is signed out, and its password and Google or Facebook
sign-in links are removed: you then choose a new password with the code we e-mail to this address.</p>
<form method="post" action="undo-email-change"><input type="hidden" name="token" value="${esc(token)}">
<button class="pay" type="submit">Undo the change</button></form>`,
  );
}

function donePage(deps: Deps, email: string): string {
  const reset = clientLink(deps.config, 'passwordReset', { email });
  return htmlPage(
    'Your e-mail address is back',
    `<h1>Your e-mail address is back</h1>
<p>Your account uses ${esc(email)} again. Every device was signed out; choose a new password to sign in.</p>
<p><a class="button" href="${esc(reset)}">Choose a new password</a></p>`,
  );
}

/** A refusal the person can act on (a used or expired link); anything else is the service's error. */
const userError = (err: unknown) => (err instanceof AppError && err.statusCode < 500 ? err.message : null);

export async function emailChangePages(app: FastifyInstance, { deps }: { deps: Deps }) {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();
  acceptFormBodies(app);

  routes.get(
    '/undo-email-change',
    {
      schema: {
        operationId: 'getUndoEmailChangePage',
        tags,
        summary: 'Page to undo an e-mail change (the default link of the mail to the old address)',
        description:
          'Shows what undoing does and a button posting to POST /undo-email-change; opening it changes nothing. ' +
          'CLIENT_UNDO_EMAIL_CHANGE_PATH points the e-mail elsewhere.',
        querystring: Type.Object({ token: Token }),
        response: { 200: htmlResponse('The confirmation form'), ...errorResponses() },
      },
    },
    async (req, reply) =>
      sendPage(
        reply,
        200,
        confirmForm(
          req.query.token ?? '',
          req.query.token ? null : 'This link has no token: open the link of the e-mail again.',
        ),
      ),
  );

  routes.post(
    '/undo-email-change',
    {
      config: { rateLimit: { max: 20, timeWindow: '15 minutes' } },
      bodyLimit: 8192,
      schema: {
        operationId: 'submitUndoEmailChangeForm',
        tags,
        summary: 'Undo the e-mail change from the page',
        consumes: ['application/x-www-form-urlencoded'],
        body: Type.Object({ token: Token }),
        description:
          'Runs the use case of POST /api/user/undo-email-change. 200 done page (with a link to choose a new password); ' +
          '422 the form again with what went wrong (a used or expired link).',
        response: {
          200: htmlResponse('The address is back'),
          ...errorResponses(),
          422: formProblemResponse,
        },
      },
    },
    async (req, reply) => {
      const token = req.body.token ?? '';
      try {
        const { email } = await undoEmailChange(deps, token);
        return sendPage(reply, 200, donePage(deps, email));
      } catch (err) {
        const message = userError(err);
        if (message === null) throw err;
        return sendPage(reply, 422, confirmForm(token, message));
      }
    },
  );
}
