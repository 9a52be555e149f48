// A support or admin broadcast: one 'general' notification per recipient, written in chunks so that
// 100,000 recipients neither hold one long transaction nor pass through this process's memory: each
// chunk is one INSERT ... SELECT over the next users by id, with its 'notification.created' events,
// committed on its own.
//
// Decisions:
// - Recipients: the listed users when user_ids is given, else every active account with the role.
//   Both given: the listed users, who must all have that role. The role is then a check, never a
//   widening: a notice about one guest's booking must not reach every guest.
// - A listed account with another role is a 422 naming user_ids and listing those ids (the first
//   MAX_LISTED), nothing sent: the sender meant someone else, or the wrong role. Unknown, deleted
//   and deactivated accounts are skipped, with or without a role, as they always were.
import type { Deps } from '../../kernel/deps.ts';
import type { AuthUser, Role } from '../../kernel/caller.ts';
import { recordAudit } from '../audit/index.ts';
import { publishAfterCommit } from '../../platform/after-commit.ts';
import { AppError, forbidden, invalidField, type FieldErrors } from '../../platform/errors.ts';
import { notificationsRepository } from './notifications.repository.ts';

export const FAN_OUT_BATCH = 1000;
const MAX_LISTED = 20;

export interface SendNotificationInput {
  title: string;
  message: string;
  payload?: string;
  role?: Role;
  user_ids?: number[];
}

export interface SendResult {
  /** Notifications written, one per recipient. */
  count: number;
  /** Chunks (transactions) it took. */
  batches: number;
}

function parsePayload(text: string | undefined): Record<string, unknown> {
  if (text === undefined || text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw invalidField('payload', 'payload must be JSON text of an object');
  }
  if (!value || typeof value !== 'object' || Array.isArray(value))
    throw invalidField('payload', 'payload must be JSON text of an object');
  return value as Record<string, unknown>;
}

function checkInput(input: SendNotificationInput): {
  title: string;
  message: string;
  payload: Record<string, unknown>;
  userIds: number[];
} {
  const errors: FieldErrors = {};
  const title = input.title.trim();
  const message = input.message.trim();
  if (!title) errors.title = ['must not be blank'];
  if (!message) errors.message = ['must not be blank'];
  const userIds = [...new Set(input.user_ids ?? [])];
  if (!input.role && userIds.length === 0) {
    errors.role = ['give a role, user_ids, or both'];
    errors.user_ids = ['give a role, user_ids, or both'];
  }
  const first = Object.entries(errors)[0];
  if (first) throw new AppError('VALIDATION_FAILED', `${first[0]} ${first[1][0]}`, errors);
  return { title, message, payload: parsePayload(input.payload), userIds };
}

export async function sendNotification(
  deps: Deps,
  sender: AuthUser,
  input: SendNotificationInput,
  opts: { batchSize?: number } = {},
): Promise<SendResult> {
  if (sender.role !== 'support' && sender.role !== 'admin')
    throw forbidden('Only support and admin send notifications');
  const { title, message, payload, userIds } = checkInput(input);
  const limit = opts.batchSize ?? FAN_OUT_BATCH;
  const now = deps.clock.now();
  const repo = notificationsRepository(deps.db);
  if (input.role) {
    const others = await repo.idsWithOtherRole(userIds, input.role);
    if (others.length) {
      const more = others.length > MAX_LISTED ? ` and ${others.length - MAX_LISTED} more` : '';
      throw invalidField(
        'user_ids',
        `user_ids must all have the role ${input.role}; these do not: ${others.slice(0, MAX_LISTED).join(', ')}${more}`,
      );
    }
  }
  let afterUserId = 0;
  let count = 0;
  let batches = 0;
  for (;;) {
    const chunk = await repo.insertBroadcastChunk({
      role: input.role,
      userIds,
      afterUserId,
      limit,
      title,
      message,
      payload,
      now,
    });
    if (chunk.count === 0) break;
    count += chunk.count;
    batches += 1;
    afterUserId = chunk.lastUserId;
    // Recipients of the first chunks hear of it while the next ones are written.
    publishAfterCommit(deps);
    if (chunk.count < limit) break;
  }
  await recordAudit(
    deps.db,
    sender,
    {
      action: 'notification.send',
      targetType: 'notification_broadcast',
      targetId: input.role ?? 'users',
      after: { title, role: input.role ?? null, user_ids: userIds.length, recipients: count },
    },
    now,
  );
  return { count, batches };
}
