/** User-facing messages of this area (spec 3 §5 and §8, with the spec README's corrected wording). */
export const messages = {
  requiredFields: 'Please fill in the required fields',
  setupSaved: 'Profile successfully saved! Redirecting to Dashboard...',
  setupFailed: 'Something went wrong! Redirecting to Dashboard...',
  profileUpdated: 'Profile successfully updated',
  verificationSent: 'Email Verification sent',
  notVerifiedYet: 'Your email address is not verified yet. Open the link in the email we sent you, then try again.',
  accountLoadFailed: 'We encountered an error.',
  termsAgreement: 'I have read and agree to the terms and conditions.',
  noticeAgreement: 'I have read and understand the information collection notice.',
  startUsing: 'Start using Paddock',
  emailRequired: 'Email address is required.',
  emailUpdated: 'Email successfully updated',
  validationToast: "There's some validation error",
} as const;

/** Spec 3 §9: the wait before leaving a setup page for the dashboard. */
export const REDIRECT_SECONDS = 3;
