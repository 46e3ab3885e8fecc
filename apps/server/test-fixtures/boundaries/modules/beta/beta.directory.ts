// Good: a view every module may join (db/schema/published.ts).
import { userDirectory } from '../../db/schema/published.ts';

export const directoryView = userDirectory.name;
