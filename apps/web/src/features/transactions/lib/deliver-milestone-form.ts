import { get, set, type FieldErrors, type Path, type Resolver } from 'react-hook-form';
import {
  deliverMilestoneBodySchemaFor,
  shipmentDataSchemaFor,
  type DeliverMilestoneBody,
  type ShipmentData,
  type ShipmentDataInput,
} from '@escrow/shared/schemas/transactions';
import { UPLOAD_RULES } from '@escrow/shared/domain/uploads';
import { deviceClock } from '../../../lib/dates';

/* The seller's delivery of a milestone (docs/money.md): the form, checked as the server checks it. */

const MILESTONE_FILE_RULE = UPLOAD_RULES.milestone_file;
// Browsers name some of these types differently (a .zip as application/x-zip-compressed), so the name's
// extension is accepted too, as in the chat; the server decides by the content.
const EXTENSIONS = [
  '.jpg',
  '.jpeg',
  '.png',
  '.webp',
  '.gif',
  '.pdf',
  '.doc',
  '.docx',
  '.txt',
  '.zip',
  '.rar',
];

/** The file picker's `accept`: the types and extensions a delivery file may have. */
export const MILESTONE_FILE_ACCEPT = [...MILESTONE_FILE_RULE.accepted, ...EXTENSIONS].join(',');

/** The browser's first check of a delivery file; the server checks the content again. */
export function milestoneFileProblem(file: File): string | null {
  const known =
    (MILESTONE_FILE_RULE.accepted as readonly string[]).includes(file.type) ||
    EXTENSIONS.some((ext) => file.name.toLowerCase().endsWith(ext));
  if (!known) return MILESTONE_FILE_RULE.notAccepted(file.name);
  if (file.size > MILESTONE_FILE_RULE.maxBytes) return MILESTONE_FILE_RULE.tooLarge(file.name);
  return null;
}

export type DeliverForm = {
  note: string;
  files: string[];
  /** A courier trade's shipment of this milestone: photos, tracking, courier, estimated delivery. */
  shipped: boolean;
  shipment: ShipmentDataInput;
};

/**
 * The delivery as the server takes it (deliverMilestoneBodySchemaFor: a note, files or shipment details,
 * at least one), the shipment by the same courier rule as a one-off shipment; each message on its field.
 */
export function deliverResolver(useCourier: boolean): Resolver<DeliverForm, unknown, DeliverMilestoneBody> {
  const shipmentSchema = shipmentDataSchemaFor(deviceClock, useCourier);
  const bodySchema = deliverMilestoneBodySchemaFor(deviceClock);
  return async (values) => {
    const errors: Record<string, unknown> = {};
    const mark = (name: string, message: string) => {
      if (!get(errors, name)) set(errors, name, { type: 'validation', message });
    };
    let shipmentData: ShipmentData | undefined;
    if (values.shipped) {
      const shipment = shipmentSchema.safeParse(values.shipment);
      if (shipment.success) shipmentData = shipment.data;
      else
        for (const issue of shipment.error.issues) mark(`shipment.${String(issue.path[0])}`, issue.message);
    }
    if (!values.shipped || shipmentData) {
      const body = bodySchema.safeParse({
        note: values.note,
        ...(values.files.length ? { files: values.files } : {}),
        ...(shipmentData ? { shipmentData } : {}),
      });
      if (body.success) return { values: body.data, errors: {} };
      // 'Add a note, shipment details or files' concerns the delivery as a whole: it goes on the note.
      for (const issue of body.error.issues)
        mark(issue.path[0] === 'files' ? 'files' : 'note', issue.message);
    }
    return { values: {}, errors: errors as FieldErrors<DeliverForm> };
  };
}

/** A 400's field ('shipmentData.trackingNumber') as this form's. */
export const deliverFormFieldOf = (field: string): Path<DeliverForm> | null =>
  field.startsWith('shipmentData.')
    ? (`shipment.${field.slice('shipmentData.'.length)}` as Path<DeliverForm>)
    : field === 'note' || field === 'files'
      ? field
      : null;
