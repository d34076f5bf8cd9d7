import { roleAtLeast } from '@kv/shared';
import { paths } from '../../../lib/paths';
import { useAppConfig, useViewer } from '../../../lib/shell-context';

/** Where a student's or a person's profile opens for this viewer on this kind of centre. */
export function usePeoplePaths() {
  const config = useAppConfig();
  const viewer = useViewer();
  const pet = config.centre?.kind === 'petcare';
  const staff = roleAtLeast(viewer.role, 'teacher');
  const manager = roleAtLeast(viewer.role, 'manager');
  return {
    pet,
    staff,
    manager,
    viewer,
    student(id: string): string {
      if (staff) return pet ? paths.staffPet.to({ userId: id }) : paths.teacherStudent.to({ userId: id });
      return pet ? paths.pet.to({ userId: id }) : paths.userStudent.to({ studentId: id });
    },
    contact(id: string): string {
      return pet ? paths.contact.to({ camuserId: id }) : paths.user.to({ camuserId: id });
    },
    team(id: string): string {
      return paths.teamProfile.to({ team: id });
    },
    studentList(): string {
      if (manager) return pet ? paths.pets.to() : paths.students.to();
      if (staff) return pet ? paths.staffPets.to() : paths.teacherStudents.to();
      return pet ? paths.contactPets.to() : paths.userStudents.to();
    },
  };
}
