import { ChangePasswordForm } from '../components/change-password-form';

export function ChangePasswordPage() {
  return <ChangePasswordForm />;
}
