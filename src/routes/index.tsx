import { createFileRoute } from '@tanstack/react-router';
import { HomeScreen } from '../screens/home/HomeScreen';

export const Route = createFileRoute('/')({
  // The home page comes with the first load: a chunk of its own would cost a round trip before the first paint.
  codeSplitGroupings: [],
  component: HomeScreen,
});
