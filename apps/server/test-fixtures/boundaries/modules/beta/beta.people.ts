// Bad: another module's table (users.ts belongs to auth) imported by beta (tables-belong-to-their-module).
import { users } from '../../db/schema/users.ts';

export const peopleTable = users.name;
