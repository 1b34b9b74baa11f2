/**
 * The ALTCHA widget now lives in `shared/components` (the back-office login asks for it too, issue 24); the portal's
 * checkout and public forms keep importing it from here, and their tests mock this path.
 */
export { CaptchaField, type CaptchaFieldProps } from '@/shared/components/captcha-field';
