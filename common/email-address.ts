/**
 * An e-mail address as the shop records it: without surrounding spaces, in lower case (providers
 * treat addresses case-insensitively, and `staff_members` keeps them so), so one person is always
 * written the same way.
 */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
