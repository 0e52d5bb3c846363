/** zod schemas for the Contacts API's params (src/api/contactsApi.ts): every contact checked by the one rule (src/core/contacts.ts). */
import * as z from 'zod/mini';
import { contactFieldsSchema, contactRule, contactShape, MAX_CONTACTS } from '../../core/contacts';
import { said } from '../phrase';

export const contactId = z.lazy(() => z.string().check(z.regex(/^[0-9a-f]{16}$/, 'is not a contact id')));

export const contactsParams = {
  contacts_list: z.unknown(),
  contacts_save: z.lazy(() => z.strictObject({ ...contactShape, id: z.optional(contactId) }).check(contactRule(said))),
  contacts_remove: z.lazy(() => z.strictObject({ id: contactId })),
  contacts_import: z.lazy(() =>
    z.strictObject({
      contacts: z.array(contactFieldsSchema.check(contactRule(said))).check(z.maxLength(MAX_CONTACTS)),
    }),
  ),
};
