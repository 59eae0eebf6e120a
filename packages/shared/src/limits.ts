/** Business constants of SPEC §9 and the account-security limits the server enforces. */
export const auth = {
  verificationCodeLength: 6,
  verificationCodeTtlMinutes: 15,
  verificationMaxWrongTries: 5,
  resendCooldownSeconds: 60,
  /** A session ends after this long without activity… */
  sessionIdleDays: 7,
  /** …and at the latest this long after its login. */
  sessionMaxDays: 30,
  resetLinkTtlMinutes: 60,
  resetMaxRequestsPerDay: 3,
  resetMinIntervalMinutes: 5,
  /**
   * Failed logins for one account from one address before that pair backs off (1 min, then
   * doubling up to 15 min); from one address across accounts; and for one account from all
   * addresses, past which a right password also needs a code mailed to the owner.
   */
  loginFreeFailuresPerPair: 5,
  loginBackoffMaxMinutes: 15,
  loginMaxFailuresPerAddress: 20,
  loginFailuresBeforeMailedCode: 10,
  loginFailureWindowMinutes: 15,
  /** A second step (TOTP or mailed code) must be completed within this many minutes. */
  loginChallengeTtlMinutes: 10,
  loginChallengeMaxTries: 5,
  /** Wrong second-factor codes per account per window before further tries wait. */
  secondFactorMaxFailures: 10,
  recoveryCodeCount: 10,
  loginPasswordMin: 6,
  resetPasswordMin: 8,
  passwordMax: 128,
  profileNameMin: 2,
  nameMax: 100,
  deleteConfirmWord: 'SUPPRIMER',
} as const;

/**
 * The browser's session is an HttpOnly cookie; every call the web app makes also carries this
 * header, which another site's page cannot send without the API allowing it (CORS): a request
 * holding the cookie but not the header is refused.
 */
export const csrfHeader = { name: 'x-nuage-client', value: 'web' } as const;

export const toasts = {
  successMs: 2000,
  errorMs: 4000,
  maxVisible: 20,
} as const;

export const storageKeys = {
  /**
   * SPEC §4 stored the bearer token here. The token now lives in an HttpOnly cookie that
   * scripts cannot read; this key only remembers that a session exists, so a reload knows to
   * load the user (it holds no secret).
   */
  authToken: 'auth_token',
  theme: 'theme',
} as const;
