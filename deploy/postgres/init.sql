-- One database per service on the one PostgreSQL server of docker-compose.yml (ARCHITECTURE.md section 2).
-- Runs once, when the postgres-data volume is empty (docker-entrypoint-initdb.d). Each service creates its
-- own tables with its drizzle migrations on start.
CREATE DATABASE tracklens_identity;
CREATE DATABASE tracklens_catalog;
CREATE DATABASE tracklens_media;
CREATE DATABASE tracklens_analysis;
CREATE DATABASE tracklens_planning;
CREATE DATABASE tracklens_chat;
CREATE DATABASE tracklens_billing;
