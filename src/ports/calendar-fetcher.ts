/**
 * Outside calendars (iCal feeds an owner imports), fetched without letting a URL reach inside our
 * network. The adapter decides what is refused (private and loopback addresses, sizes, types)
 * from its configuration; callers only ask for a URL's text.
 */
export type FetchFailure =
  | 'bad_url'
  | 'refused_address'
  | 'too_large'
  | 'bad_content'
  | 'timeout'
  | 'http_status'
  | 'network';

export class CalendarFetchError extends Error {
  constructor(
    readonly reason: FetchFailure,
    message: string,
  ) {
    super(message);
    this.name = 'CalendarFetchError';
  }

  /** Whether the URL itself is at fault (refused or not a calendar), rather than the server failing to answer. */
  get urlAtFault(): boolean {
    return (
      this.reason === 'bad_url' ||
      this.reason === 'refused_address' ||
      this.reason === 'too_large' ||
      this.reason === 'bad_content'
    );
  }
}

export interface CalendarFetcher {
  /** The calendar's text, or a CalendarFetchError saying why not (its message reads after "The calendar URL …"). */
  fetch(url: string): Promise<string>;
}
