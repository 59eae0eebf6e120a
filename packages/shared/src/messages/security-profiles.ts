/**
 * Why each image keeps the kernel capabilities it keeps (engine/templates/security.ts), for the
 * operators reading the policy (the README lists these).
 */
export const securityReasons = {
  apache:
    "l'entrypoint Apache copie les fichiers dans le volume et les attribue à www-data (CHOWN, DAC_OVERRIDE, FOWNER), écoute le port 80 (NET_BIND_SERVICE), passe à www-data (SETUID, SETGID) et le processus parent signale ses processus www-data (KILL)",
  odoo: "l'image officielle tourne en utilisateur odoo (uid 101) sur le port 8069",
  nginxPhp:
    "l'entrypoint de l'image attribue les dossiers de données à nginx (CHOWN, DAC_OVERRIDE, FOWNER), nginx écoute le port 80 (NET_BIND_SERVICE), nginx et PHP-FPM passent leurs processus à nginx (SETUID, SETGID) et les signalent (KILL)",
  mariadb:
    "l'entrypoint MariaDB attribue /var/lib/mysql à mysql (CHOWN, DAC_OVERRIDE, FOWNER) puis passe à cet utilisateur (SETUID, SETGID)",
  postgresql:
    "l'entrypoint PostgreSQL attribue son répertoire de données à postgres (CHOWN, DAC_OVERRIDE, FOWNER) puis passe à cet utilisateur (SETUID, SETGID)",
  redis:
    "l'entrypoint Redis attribue /data à redis (CHOWN, DAC_OVERRIDE, FOWNER) puis passe à cet utilisateur (SETUID, SETGID)",
  databaseSetup:
    "le réglage du mot de passe d'une base de données n'utilise que le client du moteur, en utilisateur non privilégié",
  wpCli: "wp-cli s'exécute en www-data et n'écrit que dans la base de données",
  odooSetup:
    "l'initialisation de la base Odoo s'exécute avec l'image officielle, en utilisateur odoo (uid 101)",
  codeImage:
    "une image construite depuis le code de l'utilisateur peut démarrer en root, changer d'utilisateur (SETUID, SETGID), posséder ses fichiers (CHOWN, DAC_OVERRIDE, FOWNER), écouter un port < 1024 (NET_BIND_SERVICE) et signaler ses processus (KILL)",
  nonRootImage:
    "l'image officielle tourne en utilisateur non root sur un port au-dessus de 1024 : aucune capacité gardée",
  rootHighPort:
    "l'image officielle tourne en root sur un port au-dessus de 1024 sans changer d'utilisateur ni attribuer de fichiers : aucune capacité gardée",
  rootEntrypointDrop:
    "l'entrypoint démarre en root, attribue ses dossiers à l'utilisateur de l'application (CHOWN, DAC_OVERRIDE, FOWNER) puis passe à cet utilisateur (SETUID, SETGID)",
  phpSetup:
    "la tâche d'installation exécute PHP en www-data (uid 33) et n'écrit que dans la base de données",
  busyboxWait: 'nc de busybox ne fait que des connexions TCP sortantes',
} as const;
