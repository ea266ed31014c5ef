/** ADMIN_EMAIL of the day-one instance (playwright.config.ts): its site owner. */
export const DAY_ONE_ADMIN = 'owner@day-one.example.com'
