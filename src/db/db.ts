// The app's one database.
import { MasterclassDb } from './database';

export const db = new MasterclassDb('masterclass');
