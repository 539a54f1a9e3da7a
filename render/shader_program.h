#pragma once
// GLSL programs loaded from shaders/, which is found relative to the executable so the
// program runs from the build tree (build/<preset>/shaders) and after `cmake --install`
// (<prefix>/share/pbd-sandbox/shaders).
#include <epoxy/gl.h>

#include <string>

namespace render {

// The shader folder next to the running executable, or empty with `error` set, naming
// every place looked at.
std::string findShaderDir(std::string& error);

class ShaderProgram {
  public:
    ShaderProgram() = default;
    ~ShaderProgram();
    ShaderProgram(const ShaderProgram&) = delete;
    ShaderProgram& operator=(const ShaderProgram&) = delete;

    // Compiles dir/name.vert and dir/name.frag; returns an error naming the file and the
    // compiler's log, or empty.
    std::string load(const std::string& dir, const std::string& name);
    void use() const { glUseProgram(program_); }
    GLint uniform(const char* name) const { return glGetUniformLocation(program_, name); }

  private:
    GLuint program_ = 0;
};

}  // namespace render
