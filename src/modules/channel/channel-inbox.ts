// What a channel-manager webhook starts (a pull of the booking revisions feed, or of one message
// thread) and owners' replies going out. Pulls run after the webhook has been answered; in one process they coalesce (a webhook
// arriving during a pull asks for one more pull after it), and across processes the revision
// keys make a second pull harmless. `idle()` lets tests and shutdown wait for them.
import type { Deps } from '../../kernel/deps.ts';
import { pullBookingRevisions } from './pull-booking-revisions.ts';
import { pullChannelMessages } from './pull-channel-messages.ts';
import { sendChannelReplies } from './send-channel-replies.ts';

class Inbox {
  private running: Promise<void> | null = null;
  private again = false;
  private readonly threads = new Set<string>();
  private bookings = false;
  private replies = false;

  constructor(private readonly deps: Deps) {}

  request(work: { bookings?: boolean; threadId?: string; replies?: boolean }): void {
    if (work.bookings) this.bookings = true;
    if (work.replies) this.replies = true;
    if (work.threadId) this.threads.add(work.threadId);
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.run().finally(() => {
      this.running = null;
      if (this.again) {
        this.again = false;
        this.request({});
      }
    });
  }

  private async run(): Promise<void> {
    try {
      if (this.bookings) {
        this.bookings = false;
        await pullBookingRevisions(this.deps);
      }
      for (const threadId of [...this.threads]) {
        this.threads.delete(threadId);
        await pullChannelMessages(this.deps, threadId);
      }
      if (this.replies) {
        this.replies = false;
        await sendChannelReplies(this.deps);
      }
    } catch (err) {
      this.deps.log.error({ err }, 'channel pull failed; the channel-pull job tries again');
    }
  }

  async idle(): Promise<void> {
    while (this.running) await this.running;
  }
}

const inboxes = new WeakMap<Deps, Inbox>();

export function channelInbox(deps: Deps): Inbox {
  let inbox = inboxes.get(deps);
  if (!inbox) inboxes.set(deps, (inbox = new Inbox(deps)));
  return inbox;
}
