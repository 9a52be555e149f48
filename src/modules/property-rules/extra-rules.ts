// Packages and services: extras a guest adds to a stay, priced in the listing currency and
// kept in its minor units.
import type { Static } from 'typebox';
import { packages, services } from '../../db/schema/index.ts';
import { minorToNumber } from '../../kernel/money.ts';
import type { PackageInput, ServiceInput } from './property-rules.schemas.ts';
import { cleanName, overlay, type RuleKind } from './rule-kind.ts';
import { amountMinor } from './rule-values.ts';
import { packageView, serviceView, type PackageView, type ServiceView } from './rule-views.ts';

type FullPackage = Required<PackageInput>;

export const packageRules: RuleKind<typeof packages, FullPackage, Static<typeof PackageView>> = {
  path: 'packages',
  noun: 'Package',
  table: packages,
  listedByViewers: true,
  defaults: { is_global: false },
  toInput: (p, decimals) => ({ name: p.name, price: minorToNumber(p.price, decimals), is_global: p.isGlobal }),
  merge: overlay,
  toColumns: (input, decimals) => ({
    name: cleanName(input.name),
    price: amountMinor(input.price, decimals, 'price'),
    isGlobal: input.is_global,
  }),
  view: packageView,
};

export const serviceRules: RuleKind<typeof services, ServiceInput, Static<typeof ServiceView>> = {
  path: 'services',
  noun: 'Service',
  table: services,
  listedByViewers: true,
  defaults: {},
  toInput: (s, decimals) => ({
    name: s.name,
    price: minorToNumber(s.price, decimals),
    type: s.type as ServiceInput['type'],
  }),
  merge: overlay,
  toColumns: (input, decimals) => ({
    name: cleanName(input.name),
    price: amountMinor(input.price, decimals, 'price'),
    type: input.type,
  }),
  view: serviceView,
};
