// The sign-in and sign-up texts and the password rule (docs/product.md#accounts-and-sign-in).
// Isomorphic: route modules build their form schemas from these at module level, and that code
// also runs in the browser, where .server modules are empty.
export const AUTH_MESSAGES = {
  invalidEmail: "Please enter a valid email address",
  passwordTooShort: "Password must be at least 8 characters",
  passwordTooLong: "Password must be at most 128 characters",
  passwordBlank: "Password cannot be only spaces",
  passwordRequired: "Please enter your password",
  emailTaken: "An account with this email already exists. Sign in instead.",
  invalidCredentials: "Invalid email or password",
  tooManyAttempts: "Too many failed sign-in attempts. Please try again in {wait}.",
  tooManyFromNetwork: "Too many failed sign-in attempts from your network. Please try again in {wait}.",
  tooManyOnSite: "Too many sign-in attempts right now. Please try again in {wait}.",
  googleNotConfigured: "Google sign-in is not configured on this server.",
  googleConnect: "Failed to connect to Google. Please try again.",
  googleEmailUnverified:
    "An account with this email already exists, and Google has not verified this email address. Sign in with your email and password instead.",
  callbackFailed: "Authentication failed. Please try again.",
  unexpected: "An unexpected error occurred. Please try again.",
} as const;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** Phone sign-in texts (docs/product.md#phone). */
export const PHONE_MESSAGES = {
  invalidPhone: "Please enter a valid phone number",
  codeRequired: "Verification code is required",
  invalidCode: "Invalid verification code. Please try again.",
  unexpected: "An unexpected error occurred. Please try again.",
  expired: "This verification code has expired. Please request a new code.",
  tooManyAttempts: "Too many incorrect attempts. Please request a new code.",
  tooManyForPhone: "Too many codes were requested for this number. Please wait 10 minutes and try again.",
  tooManyForIp: "Too many codes were requested from your network. Please try again in an hour.",
} as const;
