import { Type, type Static } from 'typebox';

export const PageQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
});
export type PageQuery = Static<typeof PageQuery>;

export function pageWindow(q: PageQuery) {
  const page = q.page ?? 1;
  const perPage = Math.min(q.per_page ?? 20, 100);
  return { page, perPage, offset: (page - 1) * perPage };
}
