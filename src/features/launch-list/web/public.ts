/** What other features may use of the launch list (lint refuses any other import of its files). */
export { EarlyAccessForm } from './components/early-access-form'
export { LaunchListAdmin } from './components/launch-list-admin'
