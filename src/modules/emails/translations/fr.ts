// Textes français des e-mails: the same keys as translations/en.ts (the type says so).
import type { Messages } from './en.ts';

export const fr: Messages = {
  common: {
    greeting: 'Bonjour {name},',
    signoff: 'L’équipe {product}',
    footer:
      'Vous recevez cet e-mail au sujet de votre compte {product}. Les réponses à cette adresse ne sont pas lues.',
    /** Between a label and its value in the text part. */
    labelSeparator: ' : ',
    linkFallback: 'Si le bouton ne fonctionne pas, copiez cette adresse dans votre navigateur : {link}',
    labels: {
      reference: 'Référence de réservation',
      property: 'Logement',
      checkin: 'Arrivée',
      checkout: 'Départ',
      previousDates: 'Auparavant',
      guest: 'Voyageur',
      total: 'Total',
      amount: 'Montant',
      paidOn: 'Payé le',
      refund: 'Remboursement',
      additionalDue: 'Reste à payer',
      cancelledBy: 'Annulée par',
      reason: 'Motif',
      payout: 'Versement',
      sentOn: 'Envoyé le',
    },
  },
  words: {
    guest: 'le voyageur',
    owner: 'l’hôte',
    staff: 'notre équipe',
    platform: 'la plateforme de réservation',
  },
  notifications: {
    stay: '{property} (du {checkin} au {checkout})',
    aGuest: 'Un voyageur',
    someone: 'Quelqu’un',
    aPlatform: 'une plateforme de réservation',
    newReservation: {
      title: 'Nouvelle réservation',
      message: '{guest} a réservé {stay}, référence {ref} ; elle est confirmée une fois payée.',
      viaPlatform: '{guest} a réservé {stay} sur {provider}, référence {ref} ; la plateforme a encaissé le paiement.',
    },
    overbooked: {
      title: 'Surréservation à résoudre',
      message:
        'Une réservation faite sur {provider} pour {stay}, référence {ref}, prend des nuits déjà complètes. Le voyageur a réservé sur la plateforme : déplacez ou annulez l’un des séjours.',
    },
    confirmed: {
      title: 'Réservation confirmée',
      guest: 'Votre séjour à {stay} est confirmé, référence {ref}.',
      owner: 'La réservation {ref} à {stay} est confirmée.',
    },
    paymentReceived: {
      title: 'Paiement reçu',
      guest: 'Nous avons reçu votre paiement de {amount} pour {stay}, référence {ref}.',
      owner: 'Un paiement de {amount} a été reçu pour la réservation {ref} à {stay}.',
    },
    cancelled: {
      title: 'Réservation annulée',
      self: 'Vous avez annulé la réservation {ref} à {stay}.',
      guest: 'Votre réservation {ref} à {stay} a été annulée par {who}.',
      owner: 'La réservation {ref} à {stay} a été annulée par {who} ; les dates sont de nouveau libres.',
      refund: ' Un remboursement de {amount} est en cours.',
    },
    expired: {
      title: 'Réservation expirée',
      guest: 'Votre réservation {ref} à {stay} n’a pas été payée à temps : elle a expiré et est annulée.',
      owner: 'La réservation {ref} à {stay} a expiré sans paiement ; les dates sont de nouveau libres.',
    },
    modified: {
      title: 'Réservation modifiée',
      message: 'La réservation {ref} à {property} va désormais du {checkin} au {checkout}',
      was: ' (auparavant du {old_checkin} au {old_checkout}).',
      end: '.',
    },
    refundPending: {
      title: 'Remboursement en cours',
      message: 'Un remboursement de {amount} pour la réservation {ref} à {property} est en cours de traitement.',
    },
    review: {
      title: 'Nouvel avis',
      message: 'Un voyageur a noté son séjour à {property} {rating}/5 (réservation {ref}).',
    },
    ownerApproved: {
      title: 'Demande d’hôte acceptée',
      message: 'Votre demande pour devenir hôte a été acceptée : vous pouvez maintenant publier des annonces.',
    },
    ownerRejected: {
      title: 'Demande d’hôte refusée',
      message: 'Votre demande pour devenir hôte n’a pas été acceptée.',
      withReason: 'Votre demande pour devenir hôte n’a pas été acceptée : {reason}',
    },
    refundSent: {
      title: 'Remboursement envoyé',
      message: 'Votre remboursement de {amount} pour la réservation {ref} à {property} a été envoyé.',
    },
    handoff: {
      title: 'Un voyageur a besoin d’aide',
      unanswered: 'L’assistant n’a pas su répondre à une question.',
    },
    paymentMismatch: {
      title: 'Paiement d’un montant inattendu',
      message:
        'Le paiement {payment} de la réservation {ref} demandait {asked} mais a reçu {received} ; il n’est pas compté et est remboursé en totalité.',
    },
    changeReverted: {
      title: 'Modification non payée annulée',
      message:
        'La modification de la réservation {ref} à {property} n’a pas été payée à temps et a été annulée : le séjour va du {checkin} au {checkout}, comme payé.',
    },
    paymentFailed: {
      title: 'Paiement échoué',
      reservation:
        'Votre paiement de {amount} pour la réservation {ref} à {stay} n’a pas abouti ; les nuits sont libérées.',
      additional:
        'Votre paiement de {amount} pour la réservation {ref} à {stay} n’a pas abouti ; la modification correspondante est annulée.',
    },
    message: {
      title: 'Nouveau message de {sender}',
      image: 'vous a envoyé une image',
      file: 'vous a envoyé un fichier',
    },
  },
  templates: {
    'verification-code': {
      subject: 'Votre code de vérification : {code}',
      heading: 'Confirmez votre adresse e-mail',
      intro: 'Saisissez ce code dans l’application pour confirmer votre adresse :',
      validity: 'Il est valable {valid_for} et ne sert qu’une fois.',
      ignore: 'Si vous n’avez pas créé de compte, ignorez cet e-mail.',
    },
    'password-reset-code': {
      subject: 'Votre code de réinitialisation : {code}',
      heading: 'Réinitialisez votre mot de passe',
      intro: 'Une réinitialisation du mot de passe de votre compte a été demandée. Votre code :',
      validity: 'Il est valable {valid_for} et ne sert qu’une fois.',
      button: 'Choisir un nouveau mot de passe',
      ignore: 'Si ce n’était pas vous, ignorez cet e-mail : votre mot de passe reste inchangé.',
    },
    'staff-invitation': {
      subject: 'Votre compte {product} est prêt : choisissez votre mot de passe',
      heading: 'Bienvenue sur {product}',
      intro: 'Un compte a été créé pour vous. Choisissez votre mot de passe pour vous connecter.',
      button: 'Choisir mon mot de passe',
      validity: 'Le lien est valable {valid_for} et ne sert qu’une fois.',
    },
    'email-changed': {
      subject: 'L’adresse e-mail de votre compte {product} a été modifiée',
      heading: 'Votre adresse e-mail a été modifiée',
      intro: 'Le {changed_at}, l’adresse e-mail de votre compte est passée de cette adresse à {new_email}.',
      mine: 'Si c’est vous qui l’avez modifiée, vous n’avez rien à faire.',
      notMine:
        'Sinon, annulez la modification : votre compte retrouve cette adresse, tous les appareils connectés sont déconnectés, puis vous choisissez un nouveau mot de passe.',
      button: 'Annuler la modification',
      validity: 'Le lien est valable {valid_for} et ne sert qu’une fois.',
    },
    'owner-application-approved': {
      subject: 'Votre demande d’hôte est acceptée',
      heading: 'Vous êtes désormais hôte',
      intro:
        'Bonne nouvelle : votre demande pour devenir hôte a été acceptée. Vous pouvez publier votre premier logement dès maintenant.',
      button: 'Ouvrir {product}',
    },
    'owner-application-rejected': {
      subject: 'Votre demande d’hôte n’a pas été acceptée',
      heading: 'Votre demande n’a pas été acceptée',
      intro: 'Nous avons examiné votre demande pour devenir hôte et ne pouvons pas l’accepter.',
      reason: 'Notre équipe a écrit : « {reason} »',
      next: 'Vous pouvez corriger vos informations et vos documents, puis refaire une demande depuis votre profil.',
    },
    'booking-confirmed-guest': {
      subject: 'Réservation confirmée : {property}',
      heading: 'Votre séjour est confirmé',
      intro: 'Votre paiement a été accepté et {property} vous attend.',
      button: 'Voir ma réservation',
    },
    'booking-confirmed-owner': {
      subject: 'Nouvelle réservation confirmée : {property}',
      heading: 'Un séjour est confirmé',
      intro: '{guest} a réservé {property} et a payé. Ces nuits sont désormais fermées aux autres voyageurs.',
      button: 'Voir la réservation',
    },
    'booking-modified': {
      subject: 'Réservation {ref} modifiée',
      heading: 'Votre réservation a changé',
      intro: 'La réservation {ref} à {property} a de nouvelles dates.',
      due: 'Les nouvelles dates coûtent plus cher : il reste {additional_due} à payer.',
      refund: 'Les nouvelles dates coûtent moins cher : un remboursement de {refund} est en cours.',
      payButton: 'Payer la différence',
      button: 'Voir la réservation',
    },
    'booking-cancelled-guest': {
      subject: 'Réservation {ref} annulée',
      heading: 'Votre réservation est annulée',
      intro: 'Votre réservation à {property} a été annulée par {cancelled_by}.',
      refund: 'Un remboursement de {refund} est en cours ; vous recevrez un e-mail dès qu’il sera envoyé.',
      button: 'Voir la réservation',
    },
    'booking-cancelled-owner': {
      subject: 'Réservation {ref} annulée',
      heading: 'Une réservation est annulée',
      intro: 'La réservation à {property} a été annulée par {cancelled_by}. Ses nuits sont de nouveau libres.',
      button: 'Voir la réservation',
    },
    'refund-sent': {
      subject: 'Votre remboursement de {amount} est en route',
      heading: 'Votre remboursement a été envoyé',
      intro:
        'Nous avons envoyé un remboursement de {amount} pour votre réservation à {property}. Selon votre banque, il apparaît sur votre compte sous quelques jours.',
      button: 'Voir la réservation',
    },
    'payment-receipt': {
      subject: 'Reçu : {amount} pour {property}',
      heading: 'Paiement reçu',
      intro: 'Merci : nous avons bien reçu votre paiement de {amount}. Conservez cet e-mail comme reçu.',
      button: 'Voir la réservation',
    },
    'webhook-endpoint-disabled': {
      subject: 'Point de terminaison webhook désactivé',
      heading: "Nous n'envoyons plus d'événements à votre webhook",
      intro: 'Toutes les livraisons vers ce point de terminaison échouent depuis 5 jours : nous l’avons désactivé.',
      endpoint: 'Point de terminaison',
      button: 'Ouvrir votre compte',
      fix: 'Quand il répond de nouveau, réactivez-le (PUT /webhook-endpoints/{endpoint_id} avec enabled: true) et relancez les livraisons utiles.',
    },
    'payout-sent': {
      subject: 'Versement envoyé : {amount}',
      heading: 'Votre versement est en route',
      intro:
        'Nous avons envoyé {amount} sur votre compte de versement. Selon votre banque, il arrive sous quelques jours.',
    },
  },
};
