/**
 * The HTTP app of the Compose stacks on Podman (compose-deploy, compose-git): a few lines of
 * Perl run in the Debian-built PostgreSQL image (it has perl and psql; the test node image has
 * no PostgreSQL client), reaching the database as `db` with DB_PASSWORD.
 */

/** GET /ecrire writes a row; GET / answers `<VERSION> <rows>` (`vide` before any). */
export const NOTES_SERVER = String.raw`use strict; use IO::Socket::INET;
$| = 1;
my $s = IO::Socket::INET->new(LocalPort => 8080, Listen => 16, ReuseAddr => 1) or die "listen: $!";
$ENV{PGPASSWORD} = $ENV{DB_PASSWORD};
print "web: listening on 8080\n";
while (my $c = $s->accept) {
  my $line = <$c>;
  next unless defined $line;
  while (my $h = <$c>) { last if $h =~ /^\r?\n$/; }
  my ($path) = $line =~ m{^GET (\S+)};
  $path //= '/';
  my $sql = "CREATE TABLE IF NOT EXISTS notes(texte text); "
    . ($path eq '/ecrire' ? "INSERT INTO notes VALUES ('gardee'); SELECT 'ecrit'"
                          : "SELECT coalesce(string_agg(texte, ','), 'vide') FROM notes");
  open(my $psql, '-|', 'psql', '-h', 'db', '-U', 'postgres', '-d', 'postgres', '-tAq', '-c', $sql);
  my $out = join('', <$psql>);
  close($psql);
  my $ok = $? == 0;
  chomp $out;
  my $body = "$ENV{VERSION} $out\n";
  print $c ($ok ? "HTTP/1.0 200 OK" : "HTTP/1.0 500 Erreur") . "\r\nContent-Type: text/plain\r\nContent-Length: " . length($body) . "\r\nConnection: close\r\n\r\n$body";
  close $c;
}`;
