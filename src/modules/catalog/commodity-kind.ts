// Amenities ("commodities" in the spec): a name, unique whatever its case, in a group (`type`).
// Listings offer amenities, so one any listing offers cannot be deleted.
import { isUniqueViolation } from '../../db/db-errors.ts';
import { AppError } from '../../platform/errors.ts';
import { commodityView } from './catalog-views.ts';
import type { CommodityBody, CommodityPatch, CommodityQuery } from './catalog.schemas.ts';
import { commoditiesRepository, type CommodityRow } from './commodities.repository.ts';
import { changedColumns, trimmed, type ReferenceKind } from './reference-kind.ts';

const commodityNameTaken = () =>
  new AppError('CONFLICT', 'An amenity with this name already exists', { name: ['is already taken'] });

export const commodityKind: ReferenceKind<
  CommodityRow,
  ReturnType<typeof commodityView>,
  CommodityQuery,
  CommodityBody,
  CommodityPatch
> = {
  noun: 'Amenity',
  target: 'commodity',
  auditId: (row) => row.id,
  snapshot: (row) => ({ name: row.name, type: row.type }),
  view: commodityView,
  // By group then name, optionally of one group.
  list: (db, _caller, query, limit, offset) =>
    commoditiesRepository(db).list(query.type?.trim().toLowerCase() || undefined, limit, offset),
  create: (body, now) => {
    const values = { name: trimmed(body.name), type: body.type, createdAt: now };
    return (tx) => commoditiesRepository(tx).insert(values);
  },
  lock: (tx, id) => commoditiesRepository(tx).lockById(id),
  // Renaming or regrouping keeps the amenity on the listings that offer it.
  update: (patch) => async (tx, current) => {
    const { patch: cols, before } = changedColumns(current, {
      name: patch.name === undefined ? undefined : trimmed(patch.name),
      type: patch.type,
    });
    if (Object.keys(cols).length === 0) return null;
    return { row: await commoditiesRepository(tx).update(current.id, cols), before, after: cols };
  },
  remove: {
    usage: (tx, row) => commoditiesRepository(tx).usage(row.id),
    inUse: (n) =>
      new AppError(
        'CONFLICT',
        n
          ? `This amenity is offered by ${n} listing${n === 1 ? '' : 's'}; remove it from them first`
          : 'This amenity is offered by listings',
      ),
    delete: (tx, row) => commoditiesRepository(tx).delete(row.id),
  },
  refused: (err) => (isUniqueViolation(err) ? commodityNameTaken() : null),
};
