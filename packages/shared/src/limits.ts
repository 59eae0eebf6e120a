/** Business constants of SPEC §9 and the account-security limits the server enforces. */
export const auth = {
  verificationCodeLength: 6,
  verificationCodeTtlMinutes: 15,
  verificationMaxWrongTries: 5,
  resendCooldownSeconds: 60,
  tokenTtlHours: 24,
  resetLinkTtlMinutes: 60,
  resetMaxRequestsPerDay: 3,
  resetMinIntervalMinutes: 5,
  /** Failed logins tolerated per window, per e-mail and per client address. */
  loginMaxFailuresPerEmail: 5,
  loginMaxFailuresPerAddress: 20,
  loginFailureWindowMinutes: 15,
  loginPasswordMin: 6,
  resetPasswordMin: 8,
  passwordMax: 128,
  profileNameMin: 2,
  nameMax: 100,
  deleteConfirmWord: 'SUPPRIMER',
} as const;

export const toasts = {
  successMs: 2000,
  errorMs: 4000,
  maxVisible: 20,
} as const;

export const storageKeys = {
  authToken: 'auth_token',
  theme: 'theme',
} as const;
