export default function Index() {
  return <main className="p-8"><h1 className="text-2xl font-semibold">Reelforge</h1></main>;
}
