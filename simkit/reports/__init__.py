"""Report pieces shared by every game: estimates, tables and figures."""
