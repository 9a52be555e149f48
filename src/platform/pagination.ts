import { Type, type Static } from 'typebox';

export const PageQuery = Type.Object({
  // Bounded so page × per_page stays a valid SQL offset (a larger page is simply empty).
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
});
export type PageQuery = Static<typeof PageQuery>;

export function pageWindow(q: PageQuery) {
  const page = q.page ?? 1;
  const perPage = Math.min(q.per_page ?? 20, 100);
  return { page, perPage, offset: (page - 1) * perPage };
}
