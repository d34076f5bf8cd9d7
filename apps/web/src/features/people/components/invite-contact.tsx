import { Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from 'urql';
import { CreateContactMutation } from '../api/people.mutation';
import { StudentFormOptionsQuery } from '../api/students.query';
import { PersonForm } from '../forms/person-form';
import { PERSON_FIELDS, emptyPerson } from '../forms/person-form.schema';
import { useFinish } from '../hooks/use-notice-call';

/** Invites a parent (contact) for a child: the account is created and the invitation emailed and/or texted. */
export function InviteContact({
  opened,
  student,
  onClose,
  onSaved,
}: {
  opened: boolean;
  student: { id: string; full_name: string; location_id: string } | null;
  onClose(): void;
  onSaved(): void;
}) {
  const { t } = useTranslation(['people', 'common']);
  const finish = useFinish();
  const [, create] = useMutation(CreateContactMutation);
  const [{ data: options }] = useQuery({ query: StudentFormOptionsQuery, variables: {}, pause: !opened });
  const relations = (options?.getRelationships.data ?? []).map((r) => r.name);
  const legal = new Set((options?.getRelationships.data ?? []).filter((r) => r.legal_guardian).map((r) => r.name));
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="lg"
      title={student ? t('people:invite.titleFor', { name: student.full_name }) : t('people:invite.title')}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      <PersonForm
        kind="contact"
        initial={emptyPerson(student ? [student.location_id] : [])}
        relations={student ? relations : undefined}
        submitLabel={t('people:invite.submit')}
        onCancel={onClose}
        onSubmit={async (values, setError) => {
          const r = await create({
            fname: values.fname,
            lname: values.lname,
            username: values.username,
            email: values.email,
            phone: values.phone || null,
            locations: values.locations,
            email_confirmed: values.email_confirmed,
            send_invite: values.send_invite,
            send_sms: values.send_sms,
            students: student
              ? [
                  {
                    student_id: student.id,
                    relation: values.relation || null,
                    pickup: true,
                    watch_camera: true,
                    legal_guardian: legal.has(values.relation),
                  },
                ]
              : undefined,
          });
          if (finish(r.error, r.data?.createUser, { setError, fields: PERSON_FIELDS })) onSaved();
        }}
      />
    </Modal>
  );
}
