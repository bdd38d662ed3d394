/** The door of settings (docs/console.md#modules): the settings' frame, which other modules' pages hang from. */
export { settingsRoute } from './settings-route';
