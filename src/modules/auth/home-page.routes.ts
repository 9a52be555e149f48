// The default target of the "home" links (CLIENT_APP_URL unset: the owner-approval mail's button,
// the "Continue" of the account pages): a small page in the reader's language (Accept-Language)
// saying where to go on, so no link the service sends ends on a 404.
import type { FastifyInstance } from 'fastify';
import { errorResponses } from '../../platform/envelope.ts';
import { esc, htmlPage, htmlResponse, sendPage } from '../../platform/html-page.ts';
import type { Deps } from '../../kernel/deps.ts';
import { negotiateLocale, productName } from '../emails/index.ts';

const WORDS = {
  en: ['Welcome to {product}', 'You are all set: continue in the {product} app, where you signed up.', 'API reference'],
  fr: [
    'Bienvenue sur {product}',
    'Tout est prêt : continuez dans l’application {product}, où vous vous êtes inscrit.',
    'Référence de l’API',
  ],
} as const;

export async function homePage(app: FastifyInstance, { deps }: { deps: Deps }) {
  app.get(
    '/',
    {
      schema: {
        operationId: 'getHomePage',
        tags: ['auth'],
        summary: 'Home page (the default CLIENT_APP_URL of the mails’ home links)',
        description: 'A short HTML page in the language of Accept-Language (English or French), linking to /docs.',
        response: { 200: htmlResponse('The home page'), ...errorResponses() },
      },
    },
    async (req, reply) => {
      const locale = negotiateLocale(req.headers['accept-language']);
      const product = productName(deps.config);
      const [title, text, docs] = WORDS[locale].map((s) => s.replaceAll('{product}', product)) as [
        string,
        string,
        string,
      ];
      const body = `<h1>${esc(title)}</h1><p>${esc(text)}</p><p><a href="/docs">${esc(docs)}</a></p>`;
      return sendPage(reply, 200, htmlPage(title, body, locale));
    },
  );
}
