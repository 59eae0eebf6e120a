export default function TemporaryRoute() {
  return <h1>En construction</h1>;
}
