// Seasons: date ranges of a listing with a rate reduction and stay limits. A night belongs to
// a season when start_date ≤ night ≤ end_date (both days included), so the nights of one
// listing fall in at most one season: two seasons may not share a day.
import type { Static } from 'typebox';
import { seasons } from '../../db/schema/index.ts';
import { AppError, invalidField } from '../../platform/errors.ts';
import { propertyRulesRepository } from './property-rules.repository.ts';
import type { SeasonInput } from './property-rules.schemas.ts';
import { cleanName, overlay, type RuleKind } from './rule-kind.ts';
import { assertDateOrder, percentText } from './rule-values.ts';
import { seasonView, type SeasonView } from './rule-views.ts';

type Full = Required<SeasonInput>;

export const seasonRules: RuleKind<typeof seasons, Full, Static<typeof SeasonView>> = {
  path: 'seasons',
  noun: 'Season',
  table: seasons,
  listedByViewers: true,
  defaults: { reduction_percent: 0, min_stay: null, max_stay: null },
  toInput: (s) => ({
    name: s.name,
    start_date: s.startDate,
    end_date: s.endDate,
    reduction_percent: Number(s.reductionPercent),
    min_stay: s.minStay,
    max_stay: s.maxStay,
  }),
  merge: overlay,
  toColumns(input) {
    assertDateOrder(input, 'start_date', 'end_date');
    const minStay = input.min_stay ?? null;
    const maxStay = input.max_stay ?? null;
    if (minStay !== null && maxStay !== null && maxStay < minStay)
      throw invalidField('max_stay', `must be at least min_stay (${minStay})`);
    return {
      name: cleanName(input.name),
      startDate: input.start_date,
      endDate: input.end_date,
      reductionPercent: percentText(input.reduction_percent ?? 0, 'reduction_percent'),
      minStay,
      maxStay,
    };
  },
  async assertNoConflict(db, propertyId, cols, exceptId) {
    const clash = await propertyRulesRepository(db).findOverlappingSeason(
      propertyId,
      cols.startDate,
      cols.endDate,
      exceptId,
    );
    if (clash) {
      throw new AppError(
        'CONFLICT',
        `These dates overlap the season "${clash.name}" (id ${clash.id}, ${clash.startDate} to ${clash.endDate}); seasons of one listing may not share a day`,
      );
    }
  },
  view: (s) => seasonView(s),
};
