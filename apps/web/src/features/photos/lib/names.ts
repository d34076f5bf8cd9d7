/** "First Last" of a person named on a photo. */
export function fullName(person: { fname: string; lname: string }): string {
  return `${person.fname} ${person.lname}`.trim();
}
