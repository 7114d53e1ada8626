// The signed-in account area: side navigation (a tab strip on phones) beside the page.
// Each page calls requireUser(its own path) so a signed-out visitor returns to it after sign-in.
import { AccountShell } from '@/components/account/account-shell';
import { getCurrentUser } from '@/lib/auth/session';

export default async function AccountLayout({ children }: { children: React.ReactNode }) {
  const user = await getCurrentUser();
  if (!user) return <>{children}</>;
  return <AccountShell>{children}</AccountShell>;
}
