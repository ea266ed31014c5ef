/**
 * The slots of the alerts' parts: what higher features show in them (platform/web/lib/slots.tsx).
 * Declared here, published by the public entry, filled in the higher features' web manifests.
 */
import { defineSlot } from '@/platform/web/lib/slots'

/** The profile's Alerts tab, after the delivery settings (the Discord DMs). */
export const alertsTabSections = defineSlot<Record<never, never>>('alerts.alerts-tab.sections')
