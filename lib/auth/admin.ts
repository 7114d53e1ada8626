// The site team's pages: accounts with the admin role. Everyone else, signed in or not, gets the 404
// page, so the admin area is not even confirmed to exist (docs/decisions.md#site-team).
import { notFound } from 'next/navigation';
import { getCurrentUser, type CurrentUser } from './session';

export async function requireAdmin(): Promise<CurrentUser> {
  const user = await getCurrentUser();
  if (!user || user.role !== 'admin') notFound();
  return user;
}
