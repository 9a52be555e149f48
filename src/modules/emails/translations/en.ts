// English texts of the e-mails. `{name}` marks a value filled in at rendering (escaped in the HTML
// part); every other language has exactly these keys (translations/fr.ts is typed against this).
export const en = {
  common: {
    greeting: 'Hello {name},',
    signoff: 'The {product} team',
    footer: 'You receive this e-mail because of your {product} account. Replies to this address are not read.',
    /** Between a label and its value in the text part. */
    labelSeparator: ': ',
    linkFallback: 'If the button does not work, copy this address into your browser: {link}',
    labels: {
      reference: 'Booking reference',
      property: 'Property',
      checkin: 'Check-in',
      checkout: 'Check-out',
      previousDates: 'Previously',
      guest: 'Guest',
      total: 'Total',
      amount: 'Amount',
      paidOn: 'Paid on',
      refund: 'Refund',
      additionalDue: 'Left to pay',
      cancelledBy: 'Cancelled by',
      reason: 'Reason',
      payout: 'Payout',
      sentOn: 'Sent on',
    },
  },
  words: {
    guest: 'the guest',
    owner: 'the host',
    staff: 'our team',
    platform: 'the travel platform',
  },
  /**
   * In-app notifications (REST list, WebSocket, SSE), written in the reader's language when they
   * are made. {stay} is "{property} ({checkin} to {checkout})"; amounts are "120.00 EUR".
   */
  notifications: {
    stay: '{property} ({checkin} to {checkout})',
    aGuest: 'A guest',
    someone: 'Someone',
    aPlatform: 'a travel platform',
    newReservation: {
      title: 'New reservation',
      message: '{guest} booked {stay}, reference {ref}; it is confirmed once paid.',
      viaPlatform: '{guest} booked {stay} on {provider}, reference {ref}; the platform took the payment.',
    },
    overbooked: {
      title: 'Overbooking to resolve',
      message:
        'A booking made on {provider} for {stay}, reference {ref}, takes nights that were already full. The guest has booked on the platform: move or cancel one of the stays.',
    },
    confirmed: {
      title: 'Reservation confirmed',
      guest: 'Your stay at {stay} is confirmed, reference {ref}.',
      owner: 'Reservation {ref} at {stay} is confirmed.',
    },
    paymentReceived: {
      title: 'Payment received',
      guest: 'We received your payment of {amount} for {stay}, reference {ref}.',
      owner: 'A payment of {amount} was received for reservation {ref} at {stay}.',
    },
    cancelled: {
      title: 'Reservation cancelled',
      self: 'You cancelled reservation {ref} at {stay}.',
      guest: 'Your reservation {ref} at {stay} was cancelled by {who}.',
      owner: 'Reservation {ref} at {stay} was cancelled by {who}; the dates are free again.',
      refund: ' A refund of {amount} is on its way.',
    },
    expired: {
      title: 'Reservation expired',
      guest: 'Your reservation {ref} at {stay} was not paid in time: the hold expired and it is cancelled.',
      owner: 'Reservation {ref} at {stay} expired unpaid; the dates are free again.',
    },
    modified: {
      title: 'Reservation changed',
      message: 'Reservation {ref} at {property} now runs from {checkin} to {checkout}',
      was: ' (was {old_checkin} to {old_checkout}).',
      end: '.',
    },
    refundPending: {
      title: 'Refund pending',
      message: 'A refund of {amount} for reservation {ref} at {property} is being processed.',
    },
    review: {
      title: 'New review',
      message: 'A guest rated their stay at {property} {rating}/5 (reservation {ref}).',
    },
    ownerApproved: {
      title: 'Host application approved',
      message: 'Your application to become a host was approved: you can now publish listings.',
    },
    ownerRejected: {
      title: 'Host application not approved',
      message: 'Your application to become a host was not approved.',
      withReason: 'Your application to become a host was not approved: {reason}',
    },
    refundSent: {
      title: 'Refund sent',
      message: 'Your refund of {amount} for reservation {ref} at {property} has been sent.',
    },
    handoff: {
      title: 'A guest needs help',
      unanswered: 'The assistant could not answer a question.',
    },
    paymentMismatch: {
      title: 'Payment with a mismatched amount',
      message:
        'Payment {payment} for reservation {ref} asked {asked} but received {received}; it was not counted and is being refunded in full.',
    },
    changeReverted: {
      title: 'Unpaid change undone',
      message:
        'The change to reservation {ref} at {property} was not paid by its deadline and was undone: the stay runs from {checkin} to {checkout} as paid for.',
    },
    paymentFailed: {
      title: 'Payment failed',
      reservation:
        'Your payment of {amount} for reservation {ref} at {stay} did not go through; the nights are released.',
      additional:
        'Your payment of {amount} for reservation {ref} at {stay} did not go through; the change it was for is undone.',
    },
    message: {
      title: 'New message from {sender}',
      image: 'sent you an image',
      file: 'sent you a file',
    },
  },
  templates: {
    'verification-code': {
      subject: 'Your verification code: {code}',
      heading: 'Confirm your e-mail address',
      intro: 'Enter this code in the app to confirm your address:',
      validity: 'It is valid for {valid_for} and works once.',
      ignore: 'If you did not create an account, you can ignore this e-mail.',
    },
    'password-reset-code': {
      subject: 'Your password reset code: {code}',
      heading: 'Reset your password',
      intro: 'Someone asked to reset the password of your account. Your code:',
      validity: 'It is valid for {valid_for} and works once.',
      button: 'Choose a new password',
      ignore: 'If it was not you, ignore this e-mail: your password stays as it is.',
    },
    'staff-invitation': {
      subject: 'Your {product} account is ready: choose your password',
      heading: 'Welcome to {product}',
      intro: 'An account was created for you. Choose your password to sign in.',
      button: 'Choose my password',
      validity: 'The link is valid for {valid_for} and works once.',
    },
    'email-changed': {
      subject: 'The e-mail address of your {product} account was changed',
      heading: 'Your e-mail address was changed',
      intro: 'On {changed_at}, the e-mail address of your account was changed from this address to {new_email}.',
      mine: 'If you made this change, there is nothing to do.',
      notMine:
        'If you did not, undo it: your account gets this address back, every device signed in to it is signed out, and you then choose a new password.',
      button: 'Undo the change',
      validity: 'The link is valid for {valid_for} and works once.',
    },
    'owner-application-approved': {
      subject: 'Your host application is approved',
      heading: 'You are now a host',
      intro: 'Good news: your application to become a host was approved. You can publish your first listing now.',
      button: 'Open {product}',
    },
    'owner-application-rejected': {
      subject: 'Your host application was not approved',
      heading: 'Your application was not approved',
      intro: 'We reviewed your application to become a host and could not approve it.',
      reason: 'Our reviewer wrote: “{reason}”',
      next: 'You can correct your details and documents, then apply again from your profile.',
    },
    'booking-confirmed-guest': {
      subject: 'Booking confirmed: {property}',
      heading: 'Your stay is confirmed',
      intro: 'Your payment went through and {property} is expecting you.',
      button: 'View my reservation',
    },
    'booking-confirmed-owner': {
      subject: 'New confirmed booking: {property}',
      heading: 'A stay is confirmed',
      intro: '{guest} booked {property} and paid. The nights are now closed for other guests.',
      button: 'View the reservation',
    },
    'booking-modified': {
      subject: 'Reservation {ref} changed',
      heading: 'Your reservation changed',
      intro: 'Reservation {ref} at {property} has new dates.',
      due: 'The new dates cost more: {additional_due} is left to pay.',
      refund: 'The new dates cost less: a refund of {refund} is on its way.',
      payButton: 'Pay the difference',
      button: 'View the reservation',
    },
    'booking-cancelled-guest': {
      subject: 'Reservation {ref} cancelled',
      heading: 'Your reservation is cancelled',
      intro: 'Your reservation at {property} was cancelled by {cancelled_by}.',
      refund: 'A refund of {refund} is on its way; you will get an e-mail when it is sent.',
      button: 'View the reservation',
    },
    'booking-cancelled-owner': {
      subject: 'Reservation {ref} cancelled',
      heading: 'A reservation is cancelled',
      intro: 'The reservation at {property} was cancelled by {cancelled_by}. Its nights are free again.',
      button: 'View the reservation',
    },
    'refund-sent': {
      subject: 'Your refund of {amount} is on its way',
      heading: 'Your refund was sent',
      intro:
        'We sent a refund of {amount} for your reservation at {property}. Depending on your bank, it shows on your account within a few days.',
      button: 'View the reservation',
    },
    'payment-receipt': {
      subject: 'Receipt: {amount} for {property}',
      heading: 'Payment received',
      intro: 'Thank you: we received your payment of {amount}. Keep this e-mail as your receipt.',
      button: 'View the reservation',
    },
    'webhook-endpoint-disabled': {
      subject: 'Webhook endpoint turned off',
      heading: 'We stopped sending events to your webhook endpoint',
      intro: 'Every delivery to this endpoint has failed for 5 days, so we turned it off.',
      endpoint: 'Endpoint',
      button: 'Open your account',
      fix: 'Once it answers again, turn it back on (PUT /webhook-endpoints/{endpoint_id} with enabled: true) and retry the deliveries you need.',
    },
    'payout-sent': {
      subject: 'Payout sent: {amount}',
      heading: 'Your payout is on its way',
      intro: 'We sent {amount} to your payout account. Depending on your bank, it arrives within a few days.',
    },
  },
};

type Strings<T> = { [K in keyof T]: T[K] extends string ? string : Strings<T[K]> };
/** The shape every language fills in. */
export type Messages = Strings<typeof en>;
export type TemplateName = keyof Messages['templates'];
