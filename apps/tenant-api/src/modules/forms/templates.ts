/**
 * Spec getCustomFormTemplates: the starting points of a web form. Child-care centres get the
 * child-care set, pet-care centres (`petcare`) the pet set; `createForm(template_id)` copies one.
 */
export const FIELD_TYPES = ['text', 'textarea', 'number', 'date', 'select', 'radio', 'checkbox', 'file', 'signature', 'section'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];
/** Types whose value must be one of the field's options. */
export const OPTION_TYPES: ReadonlySet<FieldType> = new Set(['select', 'radio']);

/**
 * Where a printed form's field sits on its PDF: the page (1-based) and the box as fractions of the
 * page's width and height, origin at the top left (independent of the scale it is drawn at).
 */
export interface Placement {
  page: number;
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface FormField {
  id: string;
  name: string;
  type: FieldType;
  required: boolean;
  options: string[];
  /** Printed forms: the field's box on the PDF. */
  placement?: Placement | null;
}

export interface FormTemplate {
  id: string;
  name: string;
  description: string;
  kind: 'childcare' | 'petcare';
  fields: Omit<FormField, 'id'>[];
}

const f = (name: string, type: FieldType, required = false, options: string[] = []): Omit<FormField, 'id'> => ({ name, type, required, options });
const consent = f('Parent or guardian signature', 'signature', true);

export const TEMPLATES: FormTemplate[] = [
  {
    id: 'enrolment',
    name: 'Enrolment form',
    description: 'Family details, doctor and emergency contacts for a new child.',
    kind: 'childcare',
    fields: [
      f('Child', 'section'),
      f('Preferred name', 'text'),
      f('Date of birth', 'date', true),
      f('Start date', 'date', true),
      f('Schedule', 'select', true, ['Full time', 'Part time (3 days)', 'Part time (2 days)']),
      f('Doctor and phone', 'text', true),
      f('Emergency contact', 'text', true),
      f('Allergies or special needs', 'textarea'),
      consent,
    ],
  },
  {
    id: 'medication',
    name: 'Medication authorisation',
    description: 'Permission for staff to give a medicine, with dose and times.',
    kind: 'childcare',
    fields: [
      f('Medicine name', 'text', true),
      f('Dose', 'text', true),
      f('Route', 'radio', true, ['By mouth', 'On skin', 'Inhaled', 'Eye or ear drops']),
      f('Times a day', 'number', true),
      f('From', 'date', true),
      f('Until', 'date', true),
      f('Instructions', 'textarea'),
      consent,
    ],
  },
  {
    id: 'photo_release',
    name: 'Photo release',
    description: 'Where photos of the child may be shown.',
    kind: 'childcare',
    fields: [
      f('Photos may be shared with', 'select', true, ['Our family only', 'Families of the room', 'Centre newsletter and website']),
      f('Videos allowed', 'checkbox'),
      f('Comments', 'textarea'),
      consent,
    ],
  },
  {
    id: 'field_trip',
    name: 'Field trip permission',
    description: 'Permission for an outing, transport and packed lunch.',
    kind: 'childcare',
    fields: [
      f('Trip', 'text', true),
      f('Trip date', 'date', true),
      f('Transport', 'radio', true, ['Centre bus', 'Walking', 'Parent drives']),
      f('Packed lunch from home', 'checkbox'),
      f('Notes for the teachers', 'textarea'),
      consent,
    ],
  },
  {
    id: 'pickup',
    name: 'Authorised pickup',
    description: 'People allowed to collect the child, with photo ID.',
    kind: 'childcare',
    fields: [
      f('Person', 'text', true),
      f('Relationship', 'select', true, ['Grandparent', 'Aunt or uncle', 'Family friend', 'Nanny', 'Other']),
      f('Phone', 'text', true),
      f('Valid until', 'date'),
      consent,
      // Last, so the fields above keep their ids (f1…) in forms made before it was added.
      f('Photo ID of the person', 'file'),
    ],
  },
  {
    id: 'sunscreen',
    name: 'Sunscreen and insect repellent',
    description: 'Permission to apply sunscreen and repellent.',
    kind: 'childcare',
    fields: [
      f('Sunscreen', 'radio', true, ['Centre sunscreen', 'Our own (labelled)', 'No sunscreen']),
      f('Insect repellent allowed', 'checkbox'),
      f('Skin notes', 'textarea'),
      consent,
    ],
  },
  {
    id: 'allergy_plan',
    name: 'Allergy action plan',
    description: 'What to watch for and what to do.',
    kind: 'childcare',
    fields: [
      f('Allergen', 'text', true),
      f('Severity', 'select', true, ['Mild', 'Moderate', 'Severe (anaphylaxis)']),
      f('Signs to watch for', 'textarea', true),
      f('Epinephrine auto-injector', 'checkbox'),
      consent,
    ],
  },
  {
    id: 'meal_survey',
    name: 'Meals and nap survey',
    description: 'Eating and nap habits for the room.',
    kind: 'childcare',
    fields: [
      f('Diet', 'select', true, ['No restrictions', 'Vegetarian', 'Halal', 'Kosher', 'Dairy free']),
      f('Naps a day', 'number'),
      f('Comfort item', 'text'),
      f('Anything else', 'textarea'),
    ],
  },
  {
    id: 'pet_intake',
    name: 'Pet intake form',
    description: 'Breed, vet, feeding and behaviour of a new pet.',
    kind: 'petcare',
    fields: [
      f('Pet', 'section'),
      f('Breed', 'text', true),
      f('Date of birth', 'date'),
      f('Weight (kg)', 'number', true),
      f('Vet and phone', 'text', true),
      f('Feeding', 'select', true, ['Our food, twice a day', 'Our food, three times a day', 'Centre food']),
      f('Behaviour with other dogs', 'radio', true, ['Friendly', 'Shy', 'Needs a slow introduction']),
      f('Notes', 'textarea'),
      consent,
    ],
  },
  {
    id: 'pet_waiver',
    name: 'Liability waiver',
    description: 'Play-group risks and emergency vet consent.',
    kind: 'petcare',
    fields: [
      f('I understand play-group risks', 'checkbox', true),
      f('Emergency vet spending limit', 'select', true, ['Up to $250', 'Up to $500', 'Up to $1,000', 'Call me first']),
      f('Emergency contact', 'text', true),
      consent,
    ],
  },
  {
    id: 'pet_medication',
    name: 'Pet medication authorisation',
    description: 'Medicine, dose and times for a pet.',
    kind: 'petcare',
    fields: [
      f('Medicine name', 'text', true),
      f('Dose', 'text', true),
      f('Given', 'radio', true, ['With food', 'Without food']),
      f('Times a day', 'number', true),
      f('Until', 'date', true),
      consent,
      // Last, so the fields above keep their ids (f1…) in forms made before it was added.
      f('Prescription or vet note', 'file'),
    ],
  },
  {
    id: 'pet_photo_release',
    name: 'Photo release',
    description: 'Where photos of the pet may be shown.',
    kind: 'petcare',
    fields: [
      f('Photos may be shared with', 'select', true, ['Our family only', 'Other families', 'Social media']),
      f('Comments', 'textarea'),
      consent,
    ],
  },
  {
    id: 'pet_grooming',
    name: 'Grooming request',
    description: 'Bath, trim and nail care while boarding.',
    kind: 'petcare',
    fields: [
      f('Service', 'select', true, ['Bath', 'Bath and trim', 'Nails only']),
      f('Preferred day', 'date', true),
      f('Sensitive areas', 'textarea'),
    ],
  },
  {
    id: 'pet_pickup',
    name: 'Authorised pickup',
    description: 'People allowed to collect the pet.',
    kind: 'petcare',
    fields: [f('Person', 'text', true), f('Phone', 'text', true), f('Valid until', 'date'), consent],
  },
  {
    id: 'pet_field_trip',
    name: 'Hike and outing permission',
    description: 'Permission for off-site walks and hikes.',
    kind: 'petcare',
    fields: [f('Outing', 'text', true), f('Date', 'date', true), f('Off-leash allowed', 'checkbox'), consent],
  },
  {
    id: 'pet_diet',
    name: 'Diet and treats survey',
    description: 'Food, treats and allergies.',
    kind: 'petcare',
    fields: [
      f('Treats allowed', 'radio', true, ['Yes', 'No', 'Only our own']),
      f('Food allergies', 'textarea'),
      f('Meals a day', 'number'),
    ],
  },
];

/** The templates of a centre kind (pet-care centres get the pet set). */
export const templatesFor = (kind: string) => TEMPLATES.filter((t) => t.kind === (kind === 'petcare' ? 'petcare' : 'childcare'));

/** A template's fields with ids f1, f2, … */
export const templateFields = (t: FormTemplate): FormField[] => t.fields.map((x, i) => ({ ...x, id: `f${i + 1}` }));
