import {
  IconBottle,
  IconDroplet,
  IconEye,
  IconFirstAidKit,
  IconLogin,
  IconLogout,
  IconMoodSmile,
  IconNote,
  IconPalette,
  IconPhoto,
  IconPill,
  IconShoppingBag,
  IconSparkles,
  IconStar,
  IconThermometer,
  IconToiletPaper,
  IconToolsKitchen2,
  IconUserOff,
  IconVideo,
  IconZzz,
  type Icon,
} from '@tabler/icons-react';

const ICONS: Record<string, Icon> = {
  meal: IconToolsKitchen2,
  nap: IconZzz,
  diaper: IconDroplet,
  bottle: IconBottle,
  potty: IconToiletPaper,
  mood: IconMoodSmile,
  note: IconNote,
  kudos: IconStar,
  activity: IconPalette,
  incident: IconFirstAidKit,
  medication: IconPill,
  supplies: IconShoppingBag,
  observation: IconEye,
  custom: IconSparkles,
  check_in: IconLogin,
  check_out: IconLogout,
  health_check: IconThermometer,
  absent: IconUserOff,
  photo: IconPhoto,
  video: IconVideo,
};

/** A kind's icon (decorative: the label beside it names the kind). */
export function KindIcon({ kind, size = 20 }: { kind: string; size?: number }) {
  const Shown = ICONS[kind] ?? IconNote;
  return <Shown size={size} aria-hidden />;
}
