import { z } from 'zod/mini';
import {
  countryCodeSchema,
  emailSchema,
  linkPartSchema,
  newPasswordSchema,
  otpSchema,
  passwordInputSchema,
  personNameSchema,
  phoneNumberSchema,
  text,
  signInCaptchaSchema,
} from './common.ts';
import { messageSchema, withData } from './envelope.ts';
import { signedInMemberSchema } from './team.ts';

/** Customer identity calls, spec 1 §7 (base /api/v1/admin/users/). */

export const registerRequestSchema = z.object({
  name: personNameSchema,
  email: emailSchema,
  password: newPasswordSchema,
  /** Always empty in the spec; kept for old app builds. */
  registration_code: z._default(text().check(z.maxLength(64)), ''),
  country_code: z._default(z.optional(countryCodeSchema), null),
  phone_number: z._default(phoneNumberSchema, ''),
});
export type RegisterRequest = z.input<typeof registerRequestSchema>;

export const loginRequestSchema = z.object({
  email: emailSchema,
  password: passwordInputSchema,
  userAgent: z.optional(text().check(z.maxLength(512))),
  captcha: signInCaptchaSchema,
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

export const loginResponseSchema = z.object({
  respones_msg: z.string(),
  enable_two_step_email_verification: z.boolean(),
  /** Absent on the two-step branch: the token comes from verify-otp. */
  data: z.optional(z.object({ token: z.string() })),
  /**
   * The two-step branch: an opaque id of this login attempt, sent back with the code (`verify-otp`), so only the one
   * who passed the password step can use or burn that code (issue 12, item 3).
   */
  challengeId: z.optional(z.string()),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const verifyEmailRequestSchema = z.object({ iv: linkPartSchema(64), encryptedData: linkPartSchema(2048) });
export type VerifyEmailRequest = z.input<typeof verifyEmailRequestSchema>;

export const verifyOtpRequestSchema = z.object({
  otp: otpSchema,
  email: emailSchema,
  /** The login answer's `challengeId`. Without it (the spec's payload) wrong codes count against a per-email limit. */
  challengeId: z.optional(text().check(z.trim(), z.maxLength(128))),
});
export type VerifyOtpRequest = z.input<typeof verifyOtpRequestSchema>;
export const tokenResponseSchema = withData(z.object({ token: z.string() }));
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

export const userDetailSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  phone_number: z.string(),
  country_code: z.nullable(z.string()),
  stripe_customer_id: z.nullable(z.string()),
  stripe_plan_id: z.nullable(z.string()),
  subscription_expire_at: z.nullable(z.string()),
  isOfflineCustomer: z.boolean(),
  role: z.string(),
  loginQrCodeUrl: z.string(),
  /** The text inside the login QR (`<PUBLIC_URL>/enrol?token=…`): for apps on devices without a camera, and the simulator. */
  enrolmentLink: z.optional(z.string()),
  enable_two_step_email_verification: z.boolean(),
  /** The login QR's limits (issue 12, item 4): when it stops enrolling (null: never) and how many enrolments it allows. */
  enrolmentTokenExpiresAt: z.optional(z.nullable(z.string())),
  enrolmentTokenMaxUses: z.optional(z.nullable(z.int())),
  /** Enrolments that took a seat with the current QR code (a new QR code starts again at 0). */
  enrolmentTokenUses: z.optional(z.int()),
  /** The buyer on invoices and credit notes (issue 22): company, postal address (lines), VAT or tax id; '' when unset. */
  company: z.optional(z.string()),
  address: z.optional(z.string()),
  tax_id: z.optional(z.string()),
  isResellerModeEnabled: z.boolean(),
  isResellerModeRequestApprove: z.boolean(),
  /** An approved reseller's personal coupon (buyers get 10% off); null otherwise. */
  resellerCouponCode: z.nullable(z.string()),
  created_at: z.string(),
  /** Set while a staff member has the console open with login-as (DECISIONS §8): the banner names them. */
  staffSession: z.optional(
    // expiresAt: the login-as session's absolute end (ISO time), for the banner's minutes left.
    z.nullable(z.object({ staffEmail: z.string(), expiresAt: z.optional(z.string()) })),
  ),
  /**
   * The signed-in person (DECISIONS §12): the account menu names them, the console's router, sidebar and buttons read
   * `permissions`. The account's own fields above stay the account's.
   */
  member: z.optional(signedInMemberSchema),
});
export type UserDetail = z.infer<typeof userDetailSchema>;
export const userDetailResponseSchema = withData(userDetailSchema);
export type UserDetailResponse = z.infer<typeof userDetailResponseSchema>;

/** Invoice buyer details (issue 22): empty clears them. */
export const BILLING_COMPANY_MAX = 200;
export const BILLING_ADDRESS_MAX = 500;
export const BILLING_TAX_ID_MAX = 32;
// Letters of any script, digits, punctuation and spaces; no control characters (the address may have line breaks).
const NO_CONTROL = /^[^\p{Cc}]*$/u;
const NO_CONTROL_BUT_NEWLINES = /^(?:[^\p{Cc}]|\n)*$/u;
export const billingCompanySchema = text().check(
  z.trim(),
  z.maxLength(BILLING_COMPANY_MAX, { error: `must be at most ${BILLING_COMPANY_MAX} characters` }),
  z.regex(NO_CONTROL, { error: 'must not contain control characters' }),
);
export const billingAddressSchema = text().check(
  z.overwrite((v) => v.replace(/\r\n?/g, '\n').trim()),
  z.maxLength(BILLING_ADDRESS_MAX, { error: `must be at most ${BILLING_ADDRESS_MAX} characters` }),
  z.regex(NO_CONTROL_BUT_NEWLINES, { error: 'must not contain control characters' }),
  z.refine((v) => v.split('\n').length <= 6, { error: 'must have at most 6 lines' }),
);
export const billingTaxIdSchema = text().check(
  z.trim(),
  z.maxLength(BILLING_TAX_ID_MAX, { error: `must be at most ${BILLING_TAX_ID_MAX} characters` }),
  z.regex(/^[A-Za-z0-9 ./-]*$/, { error: 'may contain only letters, digits, spaces, dots, dashes and slashes' }),
);

/** The highest use limit of a login QR code. */
export const ENROLMENT_TOKEN_MAX_USES = 1_000_000;

export const updateUserRequestSchema = z
  .object({
    name: z.optional(personNameSchema),
    phone_number: z.optional(phoneNumberSchema),
    country_code: z.optional(countryCodeSchema),
    company: z.optional(billingCompanySchema),
    address: z.optional(billingAddressSchema),
    tax_id: z.optional(billingTaxIdSchema),
    /** Only `true`: asks for reseller mode (staff approve it). */
    isResellerModeEnabled: z.optional(
      z.literal(true, { error: 'can only be true: reseller mode is requested, not left' }),
    ),
    /** The login QR code stops enrolling devices at this time (ISO-8601, in the future); null: no end. */
    enrolmentTokenExpiresAt: z.optional(
      z.nullable(z.iso.datetime({ offset: true, error: 'must be an ISO-8601 time' })),
    ),
    /** The login QR code enrols at most this many devices (counted since it was created); null: no limit. */
    enrolmentTokenMaxUses: z.optional(
      z.nullable(
        z
          .int({ error: `must be a whole number from 1 to ${ENROLMENT_TOKEN_MAX_USES}` })
          .check(
            z.gte(1, { error: `must be a whole number from 1 to ${ENROLMENT_TOKEN_MAX_USES}` }),
            z.lte(ENROLMENT_TOKEN_MAX_USES, { error: `must be a whole number from 1 to ${ENROLMENT_TOKEN_MAX_USES}` }),
          ),
      ),
    ),
  })
  .check(
    z.refine((v) => Object.values(v).some((x) => x !== undefined), {
      error:
        'Nothing to update: send name, phone_number, country_code, company, address, tax_id, isResellerModeEnabled, ' +
        'enrolmentTokenExpiresAt or enrolmentTokenMaxUses',
    }),
  );
export type UpdateUserRequest = z.input<typeof updateUserRequestSchema>;

export const changePasswordRequestSchema = z.object({
  old_password: passwordInputSchema,
  new_password: newPasswordSchema,
  confirm_password: text().check(z.maxLength(128)),
});
export type ChangePasswordRequest = z.input<typeof changePasswordRequestSchema>;

/** Turning two-step off needs the account's password (issue 12, item 8); turning it on does not. */
export const updateSecuritySettingRequestSchema = z.object({
  enable_two_step_email_verification: z.boolean({ error: 'must be true or false' }),
  password: z.optional(passwordInputSchema),
});
export type UpdateSecuritySettingRequest = z.input<typeof updateSecuritySettingRequestSchema>;

export const forgetPasswordRequestSchema = z.object({ email: emailSchema });
export type ForgetPasswordRequest = z.input<typeof forgetPasswordRequestSchema>;

/** The spec sends `encrypted_data` here (and `encryptedData` on verify/email); both are accepted. */
export const resetPasswordRequestSchema = z
  .object({
    password: newPasswordSchema,
    confirm_password: text().check(z.maxLength(128)),
    iv: linkPartSchema(64),
    encrypted_data: z.optional(text().check(z.trim(), z.maxLength(2048))),
    encryptedData: z.optional(text().check(z.trim(), z.maxLength(2048))),
  })
  .check(
    z.refine((v) => Boolean(v.encrypted_data || v.encryptedData), {
      error: 'is required',
      path: ['encrypted_data'],
    }),
  );
export type ResetPasswordRequest = z.input<typeof resetPasswordRequestSchema>;

/** `GET /api/v1/config`: public settings the web app needs before sign-in. */
export const appConfigSchema = z.object({
  productName: z.string().check(z.minLength(1)),
  oldSystemLoginUrl: z.nullable(z.string()),
  otpLength: z.int().check(z.gte(4), z.lte(6)),
  /** Which card form the checkout pages show (DECISIONS §5). */
  paymentProvider: z.enum(['sandbox', 'stripe']),
  stripePublishableKey: z.nullable(z.string()),
  /** Where customers write about their licences (`SUPPORT_EMAIL`): offline customers are sent there (DECISIONS §14). */
  supportEmail: z.string(),
  /** The privacy policy and terms pages (`PRIVACY_URL`, `TERMS_URL`); null: the web app shows no such link. */
  privacyUrl: z.nullable(z.string()),
  termsUrl: z.nullable(z.string()),
});
export type AppConfig = z.infer<typeof appConfigSchema>;
export const appConfigResponseSchema = withData(appConfigSchema);

export { messageSchema };

/** Customer: `POST users/enrolment-token/rotate` — a new login QR; the old one stops enrolling. */
export const enrolmentTokenRotateResponseSchema = withData(z.object({ loginQrCodeUrl: z.string() }));
