"""The desktop window: Qt widgets and models over the rating core."""
