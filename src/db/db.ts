// The app's one database, watched for upgrades from other tabs and for a
// database that cannot be opened (see connectionState).
import { watchConnection } from './connectionState';
import { MasterclassDb } from './database';
import { hasUnsavedInput, trackUnsavedInput } from './unsavedInput';

export const db = new MasterclassDb('masterclass');

if (typeof window !== 'undefined') {
  trackUnsavedInput(document);
  watchConnection(db, { reload: () => window.location.reload(), hasUnsavedInput });
}
