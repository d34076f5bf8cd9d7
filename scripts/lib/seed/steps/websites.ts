import { insertMany, type SeedStep } from '../context.ts';

/**
 * The centre's public websites (issue 22, part `utilities`): its website (home, about, programs or
 * services, contact) and its blog (three posts), served at `/site/<slug>` on the centre host and
 * reported to the platform, where `/customer-websites` lists them. Ids from the step's faker,
 * dates from the run's "now".
 */
const WORDS = {
  childcare: {
    programs: { path: 'programs', title: 'Programs' },
    programText: (rooms: string) =>
      `Our rooms follow each child from the first steps to kindergarten readiness: ${rooms}.\n\nEvery room keeps its own child-to-staff ratio, daily reports and photos for families.`,
    about: (name: string) =>
      `${name} is a licensed early learning centre where children learn through play, music and time outdoors.\n\nOur educators hold early childhood qualifications and first-aid training, and families follow the day in the app.`,
    posts: [
      {
        path: 'spring-garden',
        title: 'Our spring garden',
        body: 'The preschool room planted beans, sunflowers and tomatoes this week.\n\nEvery morning the children check the soil, water the beds and draw what changed.',
      },
      {
        path: 'healthy-snacks',
        title: 'Healthy snacks that children love',
        body: 'Our cook shares three snacks from the menu: apple slices with yoghurt dip, veggie muffins and banana oat bites.\n\nAll of them are nut-free and follow the CACFP meal pattern.',
      },
      {
        path: 'first-week-tips',
        title: 'Tips for your first week with us',
        body: "Bring a family photo, a change of clothes and a comfort toy.\n\nShort goodbyes work best; your child's educator will send a photo once they are settled.",
      },
    ],
  },
  petcare: {
    programs: { path: 'services', title: 'Services' },
    programText: (rooms: string) =>
      `Day play, boarding and grooming in separate areas: ${rooms}.\n\nEvery guest gets playtime in small groups matched by size and temperament, and owners get photos and a daily report.`,
    about: (name: string) =>
      `${name} is a pet resort where dogs play, rest and get pampered while their families are away.\n\nOur staff are trained in pet first aid and canine body language, and a vet is on call every day.`,
    posts: [
      {
        path: 'summer-heat',
        title: 'Keeping dogs cool in summer',
        body: 'On hot days we move play indoors at noon, add splash pools and keep fresh water in every yard.\n\nLook out for heavy panting and slow walking, and bring your dog in early.',
      },
      {
        path: 'boarding-checklist',
        title: 'Boarding checklist',
        body: "Pack your pet's food in daily portions, any medication with written instructions, and a favourite blanket.\n\nVaccination records must be current before the first night.",
      },
      {
        path: 'meet-the-groomers',
        title: 'Meet our groomers',
        body: 'Our groomers trim, bathe and brush every breed, from poodles to huskies.\n\nBook a bath with any boarding stay and your dog goes home fresh.',
      },
    ],
  },
} as const;

export const websitesStep: SeedStep = {
  name: 'websites',
  async run({ trx, def, now, faker, locations, rooms }) {
    const words = def.kind === 'petcare' ? WORDS.petcare : WORDS.childcare;
    const locs = await locations();
    const roomNames = (await rooms()).map((r) => r.name);
    const shownRooms = [...new Set(roomNames)].slice(0, 5).join(', ');
    const contact = locs.map((l) => l.name).join(', ');
    const slug = def.slug;
    const daysAgo = (n: number) => new Date(now.getTime() - n * 86_400_000);
    const site = {
      id: faker.string.uuid(),
      slug,
      title: def.name,
      kind: 'website',
      description: `The public website of ${def.name}.`,
      pages: [
        {
          path: '',
          title: 'Welcome',
          body: `Welcome to ${def.name}.\n\n${faker.helpers.arrayElement(['Tours every weekday morning.', 'Visit us for a tour any weekday.', 'Book a tour and meet our team.'])}`,
        },
        { path: 'about', title: 'About us', body: words.about(def.name) },
        { path: words.programs.path, title: words.programs.title, body: words.programText(shownRooms || def.name) },
        {
          path: 'contact',
          title: 'Contact',
          body: `Our locations: ${contact || def.name}.\n\nEmail ${def.contact_email ?? 'us'} or call the front desk of your location.`,
        },
      ],
      published: true,
      created_at: daysAgo(faker.number.int({ min: 200, max: 400 })),
      updated_at: daysAgo(faker.number.int({ min: 3, max: 30 })),
    };
    const blog = {
      id: faker.string.uuid(),
      slug: 'blog',
      title: `${def.name} Blog`,
      kind: 'blog',
      description: `News and tips from ${def.name}.`,
      pages: [
        { path: '', title: 'Latest posts', body: words.posts.map((p) => p.title).join('\n\n') },
        ...words.posts.map((p) => ({ path: p.path, title: p.title, body: p.body })),
      ],
      published: true,
      created_at: daysAgo(faker.number.int({ min: 100, max: 199 })),
      updated_at: daysAgo(faker.number.int({ min: 1, max: 14 })),
    };
    await insertMany(trx, 'websites', [site, blog]);
    return `2 websites (${site.pages.length} and ${blog.pages.length} pages)`;
  },
};
