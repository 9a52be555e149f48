// Property types: a name, unique whatever its case, and an optional description. Listings point
// at a type, so one in use by any listing (drafts and archived included) cannot be deleted.
import { isUniqueViolation } from '../../db/db-errors.ts';
import { AppError } from '../../platform/errors.ts';
import type { PageQuery } from '../../platform/pagination.ts';
import { propertyTypeView } from './catalog-views.ts';
import type { PropertyTypeBody, PropertyTypePatch } from './catalog.schemas.ts';
import { propertyTypesRepository, type PropertyTypeRow } from './property-types.repository.ts';
import { changedColumns, trimmed, trimmedOrNull, type ReferenceKind } from './reference-kind.ts';

const typeNameTaken = () =>
  new AppError('CONFLICT', 'A property type with this name already exists', { name: ['is already taken'] });

export const propertyTypeKind: ReferenceKind<
  PropertyTypeRow,
  ReturnType<typeof propertyTypeView>,
  PageQuery,
  PropertyTypeBody,
  PropertyTypePatch
> = {
  noun: 'Property type',
  target: 'property_type',
  auditId: (row) => row.id,
  snapshot: (row) => ({ name: row.name, description: row.description }),
  view: propertyTypeView,
  list: (db, _caller, _query, limit, offset) => propertyTypesRepository(db).list(limit, offset),
  create: (body, now) => {
    const values = {
      name: trimmed(body.name),
      description: trimmedOrNull(body.description),
      createdAt: now,
      updatedAt: now,
    };
    return (tx) => propertyTypesRepository(tx).insert(values);
  },
  lock: (tx, id) => propertyTypesRepository(tx).lockById(id),
  // Renaming or redescribing keeps the listings pointing at the type.
  update: (patch, now) => async (tx, current) => {
    const { patch: cols, before } = changedColumns(current, {
      name: patch.name === undefined ? undefined : trimmed(patch.name),
      description: patch.description === undefined ? undefined : trimmedOrNull(patch.description),
    });
    if (Object.keys(cols).length === 0) return null;
    return {
      row: await propertyTypesRepository(tx).update(current.id, { ...cols, updatedAt: now }),
      before,
      after: cols,
    };
  },
  remove: {
    usage: (tx, row) => propertyTypesRepository(tx).usage(row.id),
    inUse: (n) =>
      new AppError(
        'CONFLICT',
        n
          ? `This property type is used by ${n} listing${n === 1 ? '' : 's'}; change their type first`
          : 'This property type is used by listings',
      ),
    delete: (tx, row) => propertyTypesRepository(tx).delete(row.id),
  },
  refused: (err) => (isUniqueViolation(err) ? typeNameTaken() : null),
};
