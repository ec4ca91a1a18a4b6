/**
 * The contract's values that both sides branch on, without zod (so the browser may import them): payment
 * statuses, user-info codes, limits, and every error code with its HTTP status. The web decides what to show by
 * these codes, never by a message or a bare status number.
 */

/**
 * The payment answer's `status`: 0 success (paid or completed: show the result), 1 waiting for the payment
 * (follow `formUrl`, or ask again), 2 failed (declined, cancelled: show the loyalty error screen), 3 expired
 * (the hold ran out before the payment: start again).
 */
export const PAYMENT_STATUS = { success: 0, pending: 1, failed: 2, expired: 3 } as const;
export type PaymentStatus = (typeof PAYMENT_STATUS)[keyof typeof PAYMENT_STATUS];

/** `GET /api/user/info`'s `code`: 0 the customer has a card; 3 the phone has no card yet (spec section 4). */
export const USER_INFO_CODE = { ok: 0, noCard: 3 } as const;

/** The largest sum one payment may have, roubles. */
export const MAX_PAY_SUM = 1_000_000;
/** What one SMS delivery costs the buyer per recipient, roubles (spec section 9). */
export const SMS_DELIVERY_COST = 2;
/** The largest gift-card nominal: up to 5 digits (spec section 5 "nominal"). */
export const MAX_NOMINAL = 99_999;
/** The largest gift-card order (nominal times recipients plus delivery), roubles. */
export const MAX_ORDER_TOTAL = 1_000_000;
/** A gift card's sending date this little in the past is taken as "now" (the form's clock, the network). */
export const SENDING_DATE_GRACE_MINUTES = 5;
/** Operations per page of the cabinet's history. */
export const OPERATIONS_PAGE_SIZE = 20;
/** How long after an SMS confirmation the session may save a bank card. */
export const BINDING_CONFIRM_MINUTES = 10;
/** How long after an SMS confirmation the session may delete the account (docs/decisions/028). */
export const DELETION_CONFIRM_MINUTES = 5;
/**
 * The version of the participation terms the login form asks consent to ('Я согласен с условиями участия'),
 * stored with each registration. Raise it when the terms' text changes materially.
 */
export const CONSENT_VERSION = '2026-11-25';

/**
 * Every error code of the API and the HTTP status it answers with. An error body is `{message, code}`: the
 * message is for a person, the code for a program. Each endpoint declares the codes it may answer
 * (`errors` in its contract), and they are listed in the OpenAPI document.
 */
export const ERROR_STATUS = {
  // Any endpoint
  /** The request is malformed (not JSON, a wrong content type). */
  BAD_REQUEST: 400,
  /** A field breaks its rule; `fields` names each bad field. */
  VALIDATION: 400,
  /** A till key or the operator's token is missing, wrong or revoked. */
  UNAUTHORIZED: 401,
  /** The thing asked for does not exist (or is not the caller's to see). */
  NOT_FOUND: 404,
  /** The address is malformed (answered before any route is matched). */
  BAD_URL: 400,
  /** A path parameter is longer than any id (answered before any route is matched). */
  URI_TOO_LONG: 414,
  /** The request's headers are larger than the server reads (answered before any route is matched). */
  HEADERS_TOO_LARGE: 431,
  /** The request did not arrive whole in time (answered before any route is matched). */
  REQUEST_TIMEOUT: 408,
  /** The body is larger than the endpoint takes. */
  PAYLOAD_TOO_LARGE: 413,
  /** The body is not `application/json`. */
  UNSUPPORTED_MEDIA_TYPE: 415,
  /** A limit was hit; `retryAfter` (seconds) says when to try again. */
  TOO_MANY_REQUESTS: 429,
  /** The database or the shared limits are away for a moment, or the programme is not set up; try later. */
  UNAVAILABLE: 503,
  /** A bug: nothing a client can act on. */
  INTERNAL: 500,

  // Login and tokens
  /** The SMS code is wrong (spec section 8). */
  INCORRECT_ACTIVATION_CODE: 400,
  /** The SMS code is older than 5 minutes. */
  CODE_EXPIRED: 400,
  /** The SMS code (or a till's member code) was used already. */
  CODE_USED: 400,
  /** Too many wrong tries killed the code; ask for a new one. (The login answers it as a wrong code: decision 048.) */
  CODE_BLOCKED: 400,
  /** The access token is missing, expired or its session ended: refresh on this one (spec section 8). */
  INVALID_TOKEN: 401,
  /** The refresh token is unknown, used or revoked: log in again. */
  INVALID_REFRESH: 401,
  /** The SMS gateway did not take the message. */
  SMS_FAILED: 503,
  /** Saving a bank card needs a fresh SMS confirmation first. */
  SMS_CONFIRMATION_REQUIRED: 403,
  /** The account has a payment or a till spend in progress: deletion waits until it ends (decision 028). */
  ACCOUNT_BUSY: 409,

  // The customer
  /** The call acts on another phone's data. */
  NOT_OWN_PHONE: 403,
  /** A temporary payer (no phone) asked for what needs a phone login. */
  PHONE_LOGIN_REQUIRED: 403,
  /** The card number belongs to another phone. (newCard answers it as a mistyped number: decision 048.) */
  CARD_TAKEN: 409,
  /** A certificate's validity is over. */
  CERTIFICATE_EXPIRED: 400,
  /** The balance is smaller than the amount. */
  INSUFFICIENT_FUNDS: 409,

  // Payments at a point and gift-card orders
  /** The payment has started: its draft cannot change any more. */
  DRAFT_STARTED: 409,
  /** This way of paying is not open for this payment. */
  PAY_TYPE_NOT_ALLOWED: 400,
  /** Apple Pay, Google Pay or a saved card is not taken here yet. */
  PAYMENT_METHOD_UNAVAILABLE: 400,
  /** The bank (acquirer) did not answer or answered nonsense; the same call may be retried. */
  BANK_UNAVAILABLE: 503,
  /** The cheque exists once the payment is completed. */
  CHEQUE_NOT_READY: 409,
  /** The gift-card order is paid already. */
  ORDER_PAID: 409,
  /** The gift-card order is being paid (another draft holds it). */
  ORDER_IN_PAYMENT: 409,
  /** The gift-card order is paid by bank transfer against its invoice. */
  ORDER_BY_INVOICE: 409,
  /** The gift-card order is not paid yet. */
  ORDER_NOT_PAID: 409,
  /** Invoices are off: the brand has no seller's details. */
  INVOICES_UNAVAILABLE: 409,
  /** The invoice is paid: it can no longer be cancelled. */
  INVOICE_PAID: 409,
  /** The invoice was cancelled: it can no longer be paid. */
  INVOICE_CANCELLED: 409,
  /** The gift card's SMS went out already: there is nothing to send again. */
  DELIVERY_SENT: 409,
  /** A fiscal receipt already issued is never sent again (decision 070). */
  FISCAL_RECEIPT_DONE: 409,
  /** The operator blocked the gift card: it cannot be spent or added to a balance. */
  GIFT_CARD_BLOCKED: 409,
  /** The gift card is someone else's. */
  NOT_RECIPIENT: 403,
  /** The gift card has nothing left. */
  GIFT_CARD_EMPTY: 409,
  /** A gift card's last-4 tries ran out (decision 047): its code opens with the recipient's whole phone. */
  GIFT_CARD_WHOLE_PHONE: 429,

  // Saved cards
  /** The wallet token was used already. */
  WALLET_TOKEN_USED: 409,
  /** The bank did not save the wallet's card. */
  WALLET_DECLINED: 400,

  // The till
  /** The till's point no longer exists. */
  POINT_GONE: 403,
  /** The customer's card is blocked. */
  CARD_LOCKED: 403,
  /** The idempotency key was used for another operation. */
  IDEMPOTENCY_KEY_REUSED: 409,
  /** The visit (one shown member code) has ended: scan a new code. */
  VISIT_ENDED: 409,
  /** Bonuses may pay only a part of the cheque (the brand's limit). */
  SPEND_LIMIT: 409,
  /** The customer has fewer bonuses than asked. */
  INSUFFICIENT_BONUSES: 409,
  /** The customer has no bonuses to spend. */
  NOTHING_TO_SPEND: 409,
  /** The operation's state does not allow this action (already confirmed, cancelled, refunded). */
  OPERATION_STATE: 409,
  /** The action is not for this kind of operation (confirm a spend, refund a completed one). */
  OPERATION_KIND: 409,
  /** The bonuses this purchase earned are spent: the operation cannot be returned. */
  EARNED_BONUSES_SPENT: 409,
  /** The shown member code already paid one cheque by card: ask for the next code. */
  CODE_ALREADY_CHARGED: 409,
  /** A late receipt (issue 29) older than the brand allows, or late receipts are off. */
  RECEIPT_TOO_LATE: 409,
  /** A shop payment's receipt (decision 069) is for another point or another sum than the payment. */
  RECEIPT_MISMATCH: 409,
  /** A shop payment's receipt is past its time: the till registers it again. */
  RECEIPT_EXPIRED: 409,
  /** A shop payment's receipt is already paid (or being paid) by another payment. */
  RECEIPT_PAID: 409,
  /** A late receipt's time is ahead of the server's clock. */
  RECEIPT_TIME: 400,
  /** A return by lines (decision 063) names a line the receipt lacks, more than is left, or an operation without lines. */
  RETURN_INVALID: 400,
  /** Bonuses cover the whole cheque: nothing to charge to the card. */
  NOTHING_TO_CHARGE: 409,
  /** The customer has no saved card that can pay. */
  NO_SAVED_CARD: 409,

  // Coupons and promo codes (decision 064)
  /** No promo has this code. */
  COUPON_UNKNOWN: 400,
  /** The one-use code or personal coupon is used, or held by another cheque right now. */
  COUPON_USED: 409,
  /** The promo has not started yet or is over. */
  COUPON_EXPIRED: 409,
  /** The promo's limit is reached: per member or in total. */
  COUPON_LIMIT: 409,
  /** The personal coupon belongs to another member. */
  COUPON_NOT_YOURS: 409,
  /** The coupon applies to a category of goods: the cheque must come with its lines (`items`). */
  COUPON_NEEDS_LINES: 400,
  /** Nothing in the cheque is eligible for the coupon (goods of another category, or tobacco and the like). */
  COUPON_NOT_APPLICABLE: 409,
  /** The promo's codes are not of this kind (a shared code cannot be generated, a one-use one has no owner). */
  PROMO_KIND: 409,
  /** The shared code is taken by another promo. */
  PROMO_CODE_TAKEN: 409,

  // Events out (docs/decisions/073)
  /** An endpoint's address is not https (in production) or names a private, loopback or metadata address. */
  WEBHOOK_URL_REFUSED: 400,

  // Segments (docs/decisions/075)
  /** A segment's condition names a level, a retail point or a category the brand does not have. */
  SEGMENT_CONDITION: 400,
  /** Another saved segment already has this name. */
  SEGMENT_NAME_TAKEN: 409,
  /** A segment too large for one CSV file (decision 075): narrow it first. */
  SEGMENT_TOO_LARGE: 400,
  // Web push (docs/decisions/077)
  /** A push subscription's endpoint is not https (in production) or names a private, loopback or metadata address. */
  PUSH_ENDPOINT_REFUSED: 400,
  /** Web push is switched off on this installation (PUSH_ENABLED=false). */
  PUSH_DISABLED: 409,
  // Messages to members (docs/decisions/076)
  /** The template, the send time, the channel or the coupon promo of a message cannot be used. */
  MESSAGE_INVALID: 400,
  /** The campaign is not in a state that allows this (a started campaign is not edited or started again). */
  MESSAGE_STATE: 409,

  // The operator's console (docs/decisions/026)
  /** The staff member's role does not allow this call. */
  FORBIDDEN: 403,
  /** A staff session's state-changing call came without its CSRF token (or with another session's). */
  CSRF_INVALID: 403,
  /** The e-mail or password is wrong (the same answer for an unknown e-mail). */
  LOGIN_FAILED: 401,
  /** Too many wrong passwords or codes: the account is locked for a while (`retryAfter`). */
  ACCOUNT_LOCKED: 429,
  /** The second-factor code is wrong or was used already. */
  TOTP_INVALID: 400,
  /** The login is not at this step (or its time is over): start again with the password. */
  LOGIN_STEP: 409,
  /** A staff member with this e-mail exists already. */
  STAFF_EXISTS: 409,
  /** The change would leave the programme without an active owner. */
  LAST_OWNER: 409,
  /** A manual adjustment is larger than the staff member's role may make. */
  ADJUSTMENT_LIMIT: 403,
  /** The campaign gives more than the owner's limit (decision 046): only the owner may save it. */
  CAMPAIGN_LIMIT: 403,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

export * from './event-and-segment-codes';
