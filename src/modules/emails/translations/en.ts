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
  templates: {
    'verification-code': {
      subject: 'Your verification code: {code}',
      heading: 'Confirm your e-mail address',
      intro: 'Enter this code in the app to confirm your address:',
      validity: 'It is valid for {minutes} minutes and works once.',
      ignore: 'If you did not create an account, you can ignore this e-mail.',
    },
    'password-reset-code': {
      subject: 'Your password reset code: {code}',
      heading: 'Reset your password',
      intro: 'Someone asked to reset the password of your account. Your code:',
      validity: 'It is valid for {minutes} minutes and works once.',
      button: 'Choose a new password',
      ignore: 'If it was not you, ignore this e-mail: your password stays as it is.',
    },
    'staff-invitation': {
      subject: 'Your {product} account is ready: choose your password',
      heading: 'Welcome to {product}',
      intro: 'An account was created for you. Choose your password to sign in.',
      button: 'Choose my password',
      validity: 'The link is valid for {days} days and works once.',
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
      intro: 'We sent a refund of {amount} for your reservation at {property}. Depending on your bank, it shows on your account within a few days.',
      button: 'View the reservation',
    },
    'payment-receipt': {
      subject: 'Receipt: {amount} for {property}',
      heading: 'Payment received',
      intro: 'Thank you: we received your payment of {amount}. Keep this e-mail as your receipt.',
      button: 'View the reservation',
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
